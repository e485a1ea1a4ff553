import { themeUiMessages as t } from '@shared/messages/theme-ui.js';
import { toggleDarkMode, useDarkMode } from '@client/lib/theme.js';

const MOON = 'M21 13A9 9 0 1 1 11 3a7 7 0 0 0 10 10Z';
const SUN =
  'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4';

/**
 * The one light/dark switch (top nav, admin sidebar). It reads as the action it takes: 'Dark
 * mode' with the light theme on, 'Light mode' with the dark one, named 'Switch to …' for screen
 * readers. No aria-pressed: a pressed 'Light mode' would say the light theme is on when it is not.
 * `icon` draws the theme it switches to; `labelClassName` styles the words (the sidebar hides
 * them when collapsed, and `title` then gives the tooltip).
 */
export function ThemeToggle({
  className,
  labelClassName,
  icon = false,
  tooltip = false,
}: {
  className: string;
  labelClassName?: string;
  icon?: boolean;
  tooltip?: boolean;
}) {
  const dark = useDarkMode();
  const action = dark ? t.toLight : t.toDark;
  return (
    <button
      type="button"
      className={className}
      onClick={toggleDarkMode}
      title={tooltip ? `${t.switchTo} ${action}` : undefined}
    >
      {icon && (
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={dark ? SUN : MOON}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      )}
      <span className={labelClassName}>
        <span className="visually-hidden">{t.switchTo}</span> {action}
      </span>
    </button>
  );
}
