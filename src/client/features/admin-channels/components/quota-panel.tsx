import { useId } from 'react';
import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import type { ChannelsOverview } from '@shared/schemas/channels.js';
import { AdminPanel } from '@client/components/admin/admin-page.js';
import { plural } from '@client/lib/format.js';
import { formatCount, formatFull, formatWhen } from '../utils/channel-words.js';

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, Math.max(0, (part / whole) * 100)) : 0;

/** Today's YouTube quota as a meter (with where the sync stops), and when the next sync runs. */
export function QuotaPanel({ overview }: { overview: ChannelsOverview }) {
  const { quota, next_sync_at: nextSync } = overview;
  const labelId = useId();
  const used = `${formatCount(quota.spent)} of ${formatCount(quota.limit)} units used today`;
  const stopsAt = percent(quota.sync_stops_at, quota.limit);
  const tone =
    quota.spent >= quota.limit ? 'is-full' : quota.spent >= quota.sync_stops_at ? 'is-stopped' : '';
  return (
    <AdminPanel title={u.quotaTitle} className="channels-quota">
      <div className="channels-quota__usage">
        <p id={labelId} className="channels-quota__text">
          <span className="visually-hidden">{u.quotaLabel}: </span>
          <strong>{used}</strong> ({u.quotaResets})
        </p>
        <div
          className={`channels-meter ${tone}`.trim()}
          role="meter"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={quota.limit}
          aria-valuenow={Math.min(quota.spent, quota.limit)}
          aria-valuetext={used}
        >
          <div
            className="channels-meter__fill"
            style={{ width: `${percent(quota.spent, quota.limit)}%` }}
          />
          <div
            className="channels-meter__stop"
            style={{ left: `${stopsAt}%` }}
            aria-hidden="true"
          />
        </div>
        <p className="channels-quota__note">
          The sync stops at {formatCount(quota.sync_stops_at)} units, leaving the rest for
          administrators&apos; imports.
        </p>
      </div>
      <dl className="channels-quota__facts">
        <div>
          <dt>{u.nextSync}</dt>
          <dd>
            {nextSync ? (
              <time dateTime={nextSync} title={formatFull(nextSync)}>
                {formatWhen(nextSync)}
              </time>
            ) : (
              u.noNextSync
            )}
          </dd>
        </div>
        <div>
          <dt>Sync every</dt>
          <dd>{plural(overview.settings.every_minutes, 'minute', 'minutes')}</dd>
        </div>
      </dl>
    </AdminPanel>
  );
}
