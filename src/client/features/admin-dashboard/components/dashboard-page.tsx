import { AdminPage } from '@client/components/admin/admin-page.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { useFlash } from '@client/components/ui/use-flash.js';
import { PopularLists } from './popular-lists.js';
import { QuickActions } from './quick-actions.js';
import './dashboard.css';

/** /admin/dashboard: the quick actions, their result banner, and the most-liked videos and artists. */
export function AdminDashboardPage() {
  // The banner stays until dismissed or replaced: the spec calls it dismissible, not fleeting.
  const { flash, show, dismiss } = useFlash();
  return (
    <AdminPage title="Dashboard">
      <FlashMessage flash={flash} onDismiss={dismiss} />
      <QuickActions onResult={show} />
      <PopularLists />
    </AdminPage>
  );
}
