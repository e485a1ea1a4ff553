import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import type { Channel } from '@shared/schemas/channels.js';
import { Button } from '@client/components/ui/button.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';
import { plural } from '@client/lib/format.js';
import { useSyncChannel, useUpdateChannel } from '../api/channels.js';
import {
  channelName,
  channelUrl,
  formatFull,
  formatWhen,
  pushWords,
  syncOutcome,
} from '../utils/channel-words.js';

export interface Outcome {
  tone: 'success' | 'error';
  text: string;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A time, shown short, with the full one on hover. */
function When({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatFull(iso)}>
      {formatWhen(iso)}
    </time>
  );
}

/** One synced channel: what it is, how its sync goes, and Sync now, Pause, Instant push, Remove. */
export function ChannelRow({
  channel,
  pushAvailable,
  pushNoteId,
  onOutcome,
  onRemove,
}: {
  channel: Channel;
  pushAvailable: boolean;
  /** The note saying why instant push cannot be turned on. */
  pushNoteId: string;
  onOutcome: (outcome: Outcome) => void;
  onRemove: () => void;
}) {
  const sync = useSyncChannel();
  const update = useUpdateChannel();
  const title = channelName(channel.title, channel.channel_id);
  const untitled = title === channel.channel_id;

  const syncNow = () => {
    if (sync.isPending) return;
    sync.mutate(channel.id, {
      onSuccess: (run) =>
        onOutcome({
          tone: run.status === 'done' ? 'success' : 'error',
          text: syncOutcome(title, run),
        }),
      onError: (error) =>
        onOutcome({ tone: 'error', text: `${title}: ${u.syncFailed}: ${messageOf(error)}` }),
    });
  };

  const change = (body: { paused?: boolean; push?: boolean }) => {
    if (update.isPending) return;
    update.mutate(
      { id: channel.id, ...body },
      {
        onError: (error) =>
          onOutcome({ tone: 'error', text: `${title}: ${u.updateFailed} ${messageOf(error)}` }),
      },
    );
  };

  // Push can always be turned off; on only when the hub can reach the site.
  const pushLocked = !channel.push && !pushAvailable;

  return (
    <tr className={channel.failures > 0 ? 'channels-row is-failing' : 'channels-row'}>
      <th scope="row" className="channels-table__channel">
        {!untitled && <span className="channels-title">{title}</span>}
        {channel.is_primary && <span className="admin-badge channels-badge">{u.primary}</span>}
        <NewTabLink href={channelUrl(channel.channel_id)} className="channels-id">
          {channel.channel_id}
        </NewTabLink>
      </th>
      <td className="channels-table__state">
        <span className="channels-label" aria-hidden="true">
          State:{' '}
        </span>
        <span className={channel.paused ? 'channels-state is-paused' : 'channels-state'}>
          {channel.paused ? u.paused : u.active}
        </span>
      </td>
      <td className="channels-table__push">
        <span className="channels-label" aria-hidden="true">
          Instant push:{' '}
        </span>
        <span className="channels-push">
          {pushWords(channel)}
          <Button
            variant="secondary"
            className="channels-push__toggle"
            disabled={pushLocked}
            aria-describedby={pushLocked ? pushNoteId : undefined}
            aria-disabled={update.isPending || undefined}
            onClick={() => change({ push: !channel.push })}
            aria-label={`${channel.push ? u.pushOffAction : u.pushOn} ${title}`}
          >
            {channel.push ? u.turnOff : u.turnOn}
          </Button>
        </span>
      </td>
      <td className="channels-table__synced">
        <span className="channels-label" aria-hidden="true">
          Last sync:{' '}
        </span>
        {channel.last_synced_at ? <When iso={channel.last_synced_at} /> : u.never}
      </td>
      <td className="channels-table__failures">
        {channel.failures === 0 ? (
          <span className="channels-muted">
            <span className="channels-label" aria-hidden="true">
              Failures:{' '}
            </span>
            None
          </span>
        ) : (
          <div className="channels-failure">
            <strong>{plural(channel.failures, 'failure', 'failures')} in a row</strong>
            {channel.last_error && <span>{channel.last_error}</span>}
            {channel.retry_at && (
              <span>
                Next try at <When iso={channel.retry_at} />
              </span>
            )}
          </div>
        )}
      </td>
      <td className="channels-table__actions">
        <div className="channels-actions">
          <Button
            variant="primary"
            onClick={syncNow}
            aria-label={`${sync.isPending ? u.syncing : u.syncNow} ${title}`}
            disabled={channel.paused}
            aria-disabled={sync.isPending || undefined}
            aria-busy={sync.isPending || undefined}
          >
            {sync.isPending ? u.syncing : u.syncNow}
          </Button>
          <Button
            variant="secondary"
            aria-disabled={update.isPending || undefined}
            onClick={() => change({ paused: !channel.paused })}
            aria-label={`${channel.paused ? u.resume : u.pause} ${title}`}
          >
            {channel.paused ? u.resume : u.pause}
          </Button>
          <Button
            variant="danger"
            aria-haspopup="dialog"
            onClick={onRemove}
            aria-label={`${u.remove} ${title}`}
          >
            {u.remove}
          </Button>
        </div>
      </td>
    </tr>
  );
}
