import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';

// Dates display as MMMM DD, YYYY.
const DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: '2-digit', year: 'numeric' });
const FULL = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

export function formatLastLogin(iso: string | null): string {
  if (!iso) return u.neverLoggedIn;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? u.neverLoggedIn : DATE.format(date);
}

/** A last-login date; the exact time is in the tooltip and the machine-readable attribute. */
export function LastLogin({ iso }: { iso: string | null }) {
  const text = formatLastLogin(iso);
  if (!iso || text === u.neverLoggedIn) return <span className="people-muted">{text}</span>;
  return (
    <time dateTime={iso} title={FULL.format(new Date(iso))}>
      {text}
    </time>
  );
}
