import { useId, useState } from 'react';
import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import type { Channel } from '@shared/schemas/channels.js';
import { ConfirmDeleteDialog } from '@client/components/admin/confirm-delete-dialog.js';
import { useRefreshChannels, useRemoveChannel } from '../api/channels.js';
import { ChannelRow, type Outcome } from './channel-row.js';

/**
 * The synced channels: a table on wide screens, a card each in a narrow panel. What Sync now and
 * the other actions did is said in one polite live region under the list.
 */
export function ChannelsList({
  channels,
  pushAvailable,
}: {
  channels: Channel[];
  pushAvailable: boolean;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [doomed, setDoomed] = useState<Channel | null>(null);
  const pushNoteId = useId();
  const remove = useRemoveChannel();
  const refresh = useRefreshChannels();

  return (
    <>
      {channels.length === 0 ? (
        <p className="admin-empty">{u.noChannels}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table channels-table">
            <caption className="visually-hidden">{u.channelsTitle}</caption>
            <thead>
              <tr>
                <th scope="col">Channel</th>
                <th scope="col">State</th>
                <th scope="col">Instant push</th>
                <th scope="col">Last sync</th>
                <th scope="col">Failures</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {channels.map((channel) => (
                <ChannelRow
                  key={channel.id}
                  channel={channel}
                  pushAvailable={pushAvailable}
                  pushNoteId={pushNoteId}
                  onOutcome={setOutcome}
                  onRemove={() => setDoomed(channel)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {!pushAvailable && (
        <p id={pushNoteId} className="channels-push-note">
          {u.pushUnavailable}
        </p>
      )}
      {/* Always on the page, so screen readers hear what arrives in it. */}
      <div className="channels-outcome" aria-live="polite">
        {outcome && (
          <p className={`channels-outcome__text channels-outcome__text--${outcome.tone}`}>
            {outcome.text}
          </p>
        )}
      </div>
      <ConfirmDeleteDialog
        open={doomed !== null}
        title={u.removeTitle}
        confirmLabel={u.removeConfirm}
        successText={u.removed}
        failureText={u.removeFailed}
        onConfirm={() => (doomed ? remove.mutateAsync(doomed.id) : Promise.resolve())}
        onClose={(removed) => {
          setDoomed(null);
          if (removed) void refresh();
        }}
      >
        {doomed && (
          <p className="channels-doomed">
            {doomed.title.trim() && <strong>{doomed.title}</strong>}{' '}
            <span className="channels-id">{doomed.channel_id}</span>
          </p>
        )}
        <p>{u.removeQuestion}</p>
        <p className="admin-empty">{u.removeKeepsVideos}</p>
      </ConfirmDeleteDialog>
    </>
  );
}
