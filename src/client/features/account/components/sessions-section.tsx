import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import { SessionsList } from '@client/components/sessions/sessions-list.js';

/** /account's signed-in sessions: the devices signed in, each one can be signed out. */
export function SessionsSection() {
  return (
    <section className="account-area" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{u.sessionsTitle}</h2>
      <SessionsList />
    </section>
  );
}
