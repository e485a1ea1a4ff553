import type { Account } from '@shared/schemas/people.js';
import { AccountForm } from './account-form.js';
import { ChangePasswordForm } from './change-password-form.js';
import { DeleteAccount } from './delete-account.js';

export function Settings({ account }: { account: Account }) {
  return (
    <section className="account-area" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      <AccountForm account={account} />
      <ChangePasswordForm userId={account.id} />
      <DeleteAccount userId={account.id} />
    </section>
  );
}
