import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import type { MailingDraftBody } from '@shared/schemas/newsletter.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { previewQuery, type PreviewTheme } from '../api/newsletter.js';

type Width = 'phone' | 'desktop';

/** Two buttons that act as one choice (aria-pressed), for the preview's width and colours. */
function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="newsletter-toggle" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="btn btn--secondary"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The mail as the server draws it, in a sandboxed frame (no scripts, no same origin) loaded from
 * its own signed address, whose policy lets the mail's inline styles in: at a phone's width or a
 * desktop's, in a light or a dark mail client.
 */
export function MailPreview({ draft }: { draft: MailingDraftBody }) {
  const [width, setWidth] = useState<Width>('desktop');
  const [theme, setTheme] = useState<PreviewTheme>('light');
  const preview = useQuery(previewQuery(draft, theme));
  return (
    <section className="newsletter-preview" aria-label={u.previewTitle}>
      <div className="newsletter-preview__controls">
        <Toggle
          label={u.widthLabel}
          value={width}
          onChange={setWidth}
          options={[
            { value: 'phone', label: u.phone },
            { value: 'desktop', label: u.desktop },
          ]}
        />
        <Toggle
          label={u.themeLabel}
          value={theme}
          onChange={setTheme}
          options={[
            { value: 'light', label: u.light },
            { value: 'dark', label: u.dark },
          ]}
        />
      </div>
      {preview.isPending ? (
        <LoadingView label={u.previewLoading} />
      ) : preview.isError ? (
        <p className="admin-error" role="alert">
          {u.previewFailed} {preview.error instanceof Error ? preview.error.message : ''}
        </p>
      ) : (
        <div className={`newsletter-preview__stage newsletter-preview__stage--${width}`}>
          <iframe
            title={u.previewFrame}
            sandbox=""
            src={preview.data.frame_url}
            className="newsletter-preview__frame"
          />
        </div>
      )}
    </section>
  );
}
