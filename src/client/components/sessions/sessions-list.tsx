import { useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import type { SessionListingView } from '@shared/schemas/second-factor.js';
import { Button } from '@client/components/ui/button.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useEndOtherSessions, useEndSession, useSessions } from './use-sessions.js';
import '@client/components/ui/item-list.css';
import './sessions.css';

/** Sessions shown before "Show all": an account signed in on many devices stays readable. */
const FIRST_SHOWN = 6;

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => WHEN.format(new Date(iso));

/**
 * The caller's signed-in sessions: each device, when it signed in and was last used, this one
 * marked; sign out one, or all the others. Shown in /account and /admin/ownAccount.
 */
export function SessionsList() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const failure = endOne.error ?? endOthers.error;
  const [all, setAll] = useState(false);
  return (
    <div className="sessions">
      <p className="sessions__intro">{u.sessionsIntro}</p>
      {failure && (
        <StatusMessage
          tone="error"
          onDismiss={() => {
            endOne.reset();
            endOthers.reset();
          }}
        >
          {failure.message}
        </StatusMessage>
      )}
      <QueryView
        query={sessions}
        loading={{ label: 'Loading your sessions…' }}
        error={u.sessionsLoadFailed}
      >
        {(list) => (
          <>
            <ul className="item-list">
              {(all ? list : shownFirst(list)).map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  pending={endOne.isPending && endOne.variables === session.id}
                  onEnd={() => endOne.mutate(session.id)}
                />
              ))}
            </ul>
            {!all && list.length > FIRST_SHOWN && (
              <Button variant="ghost" onClick={() => setAll(true)}>
                {u.showAllSessions(list.length)}
              </Button>
            )}
            {list.some((session) => !session.current) ? (
              <Button
                variant="secondary"
                disabled={endOthers.isPending}
                onClick={() => endOthers.mutate(undefined)}
              >
                {u.endOthers}
              </Button>
            ) : (
              <p className="sessions__none">{u.noOtherSessions}</p>
            )}
          </>
        )}
      </QueryView>
    </div>
  );
}

/** This device's session, then the most recently used others. */
function shownFirst(list: SessionListingView[]): SessionListingView[] {
  const current = list.filter((session) => session.current);
  const others = list.filter((session) => !session.current);
  return [...current, ...others].slice(0, FIRST_SHOWN);
}

function SessionRow({
  session,
  pending,
  onEnd,
}: {
  session: SessionListingView;
  pending: boolean;
  onEnd: () => void;
}) {
  return (
    <li className="item-list__item">
      <div className="sessions__device">
        <strong>{session.device}</strong>
        {session.current && <span className="sessions__current">{u.thisDevice}</span>}
        <span className="sessions__times">
          {u.created} {when(session.createdAt)} · {u.lastUsed} {when(session.lastUsedAt)}
        </span>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          disabled={pending}
          onClick={onEnd}
          aria-label={`${u.endSession}: ${session.device}, signed in ${when(session.createdAt)}`}
        >
          {u.endSession}
        </Button>
      )}
    </li>
  );
}
