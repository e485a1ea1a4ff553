import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminChannelsUiMessages as u } from '@shared/messages/admin-channels-ui.js';
import type { ChannelsOverview } from '@shared/schemas/channels.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { Button } from '@client/components/ui/button.js';
import { LoadingView } from '@client/components/ui/page-states.js';
import { channelsOverviewQuery } from '../api/channels.js';
import { AddChannelForm } from './add-channel-form.js';
import { ChannelsList } from './channels-list.js';
import { QuotaPanel } from './quota-panel.js';
import { SyncHistory } from './sync-history.js';
import { SyncSettingsForm } from './sync-settings-form.js';
import './channels.css';

/**
 * /admin/channels: the YouTube channels whose uploads come in by themselves, today's quota, the
 * sync's settings and its history.
 */
export function ChannelsPage() {
  const overview = useQuery(channelsOverviewQuery);

  useEffect(() => {
    if (overview.error) console.error(u.loadFailed, overview.error);
  }, [overview.error]);

  let body;
  if (overview.isPending) body = <LoadingView label={u.loading} />;
  else if (overview.isError)
    body = (
      <div className="channels-error">
        <p className="admin-error" role="alert">
          {u.loadFailed}
        </p>
        <Button variant="secondary" onClick={() => void overview.refetch()}>
          {u.tryAgain}
        </Button>
      </div>
    );
  else body = <Overview overview={overview.data} />;

  return <AdminPage title={u.title}>{body}</AdminPage>;
}

function Overview({ overview }: { overview: ChannelsOverview }) {
  return (
    <>
      {!overview.api_key_set && (
        <p className="channels-notice" role="note">
          {u.noApiKey}
        </p>
      )}
      <QuotaPanel overview={overview} />
      <AdminPanel title={u.channelsTitle} className="channels-panel">
        <ChannelsList channels={overview.channels} pushAvailable={overview.push_available} />
      </AdminPanel>
      <div className="admin-grid">
        <AdminPanel title={u.addTitle}>
          <AddChannelForm pushAvailable={overview.push_available} />
        </AdminPanel>
        <AdminPanel title={u.settingsTitle}>
          <SyncSettingsForm settings={overview.settings} />
        </AdminPanel>
      </div>
      <SyncHistory />
    </>
  );
}
