import { useState } from 'react';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { useFlash } from '@client/components/ui/use-flash.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useSession } from '@client/lib/session.js';
import { useAdminInfo } from '../api/own-account.js';
import { CredentialsForm } from './credentials-form.js';
import { UpdatePasswordDialog } from './update-password-dialog.js';
import { SecondFactorPanel } from './second-factor-panel.js';
import { PasskeysPanel } from './passkeys-panel.js';
import { SessionsList } from '@client/components/sessions/sessions-list.js';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import './people.css';

/**
 * /admin/ownAccount: the signed-in administrator's name, email and password, their two-step
 * sign-in and their signed-in sessions.
 */
export function OwnAccountPage() {
  const session = useSession();
  // The layout lets only signed-in administrators in; this is for the type.
  if (!session) return null;
  return <OwnAccount adminId={session.id} />;
}

function OwnAccount({ adminId }: { adminId: number }) {
  const info = useAdminInfo(adminId);
  const { flash, show, dismiss } = useFlash();
  const [changingPassword, setChangingPassword] = useState(false);

  const renderBody = () => (
    <QueryView
      query={info}
      loading={{ label: 'Loading your account…' }}
      error={t.adminInfoLoadFailed}
    >
      {(data) => (
        <CredentialsForm
          key={data.id}
          info={data}
          flash={{ show, dismiss }}
          onUpdatePassword={() => {
            dismiss();
            setChangingPassword(true);
          }}
        />
      )}
    </QueryView>
  );

  return (
    <AdminPage title="My Account">
      <AdminPanel title="Credentials" className="people-form">
        <FlashMessage flash={flash} onDismiss={dismiss} />
        {renderBody()}
      </AdminPanel>
      <AdminPanel title={u.panelTitle}>
        <SecondFactorPanel />
      </AdminPanel>
      <AdminPanel title={u.passkeysTitle}>
        <PasskeysPanel />
      </AdminPanel>
      <AdminPanel title={u.sessionsTitle}>
        <SessionsList />
      </AdminPanel>
      <UpdatePasswordDialog
        open={changingPassword}
        userId={adminId}
        onClose={() => setChangingPassword(false)}
        onChanged={() => {
          setChangingPassword(false);
          show({ tone: 'success', text: t.passwordUpdated });
        }}
      />
    </AdminPage>
  );
}
