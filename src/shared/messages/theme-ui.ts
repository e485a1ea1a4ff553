/**
 * The light/dark toggle's words, one set for the public top nav and the back-office sidebar. The
 * button says what pressing it does: 'Dark mode' while the light theme shows, and the reverse.
 */
export const themeUiMessages = {
  toDark: 'Dark mode',
  toLight: 'Light mode',
  /** Heard before the visible words, so the name is an action: 'Switch to Dark mode'. */
  switchTo: 'Switch to',
} as const;
