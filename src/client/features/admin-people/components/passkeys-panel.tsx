import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { secondFactorUi as u } from '@shared/messages/second-factor-ui.js';
import type { PasskeyListing } from '@shared/schemas/passkeys.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { apiCall, apiGet } from '@client/lib/api-client.js';
import { addPasskey } from '@client/lib/passkey-calls.js';
import { secondFactorQuery, useSecondFactor } from '@client/lib/second-factor-status.js';
import { usePasskeySupport } from '@client/lib/use-passkey-support.js';
import { PasswordAgainForm } from './password-again-form.js';
import '@client/components/ui/item-list.css';
import './second-factor.css';

const PASSKEYS_KEY = ['passkeys'];
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const when = (iso: string) => WHEN.format(new Date(iso));

/** /admin/ownAccount's passkeys: listed, added on this device (password again), removed. */
export function PasskeysPanel() {
  const queryClient = useQueryClient();
  const passkeys = useQuery({
    queryKey: PASSKEYS_KEY,
    queryFn: ({ signal }) => apiGet<PasskeyListing[]>('/admin/passkeys', signal),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY }),
      queryClient.invalidateQueries({ queryKey: secondFactorQuery.queryKey }),
    ]);
  const status = useSecondFactor();
  const supported = usePasskeySupport();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PasskeyListing | null>(null);
  if (removing) {
    const last = passkeys.data?.length === 1 && status.data?.totp === false;
    return (
      <RemovePasskeyForm
        passkey={removing}
        last={last}
        onDone={() => {
          setRemoving(null);
          void refresh();
        }}
        onCancel={() => setRemoving(null)}
      />
    );
  }
  return (
    <div className="second-factor">
      <p>{u.passkeysIntro}</p>
      <QueryView
        query={passkeys}
        loading={{ label: 'Loading passkeys…' }}
        error={u.passkeysLoadFailed}
      >
        {(list) =>
          list.length === 0 ? (
            <p>{u.noPasskeys}</p>
          ) : (
            <ul className="item-list">
              {list.map((passkey) => (
                <li key={passkey.id} className="item-list__item">
                  <div className="passkeys__name">
                    <strong>{passkey.name}</strong>
                    <span className="passkeys__times">
                      {u.added} {when(passkey.createdAt)} ·{' '}
                      {passkey.lastUsedAt
                        ? `${u.lastUsed} ${when(passkey.lastUsedAt)}`
                        : u.neverUsed}
                    </span>
                  </div>
                  <Button
                    variant="ghost"
                    aria-label={`${u.removePasskey} ${passkey.name}`}
                    onClick={() => setRemoving(passkey)}
                  >
                    {u.removePasskey}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      {!supported ? (
        <p>{u.passkeyUnsupported}</p>
      ) : adding ? (
        <AddPasskeyForm
          onDone={() => {
            setAdding(false);
            void refresh();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <Button variant="secondary" onClick={() => setAdding(true)}>
          {u.addPasskey}
        </Button>
      )}
    </div>
  );
}

function AddPasskeyForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const add = useMutation({
    mutationFn: () => addPasskey(name.trim(), password),
    onSuccess: onDone,
  });
  return (
    <form
      className="form second-factor__form"
      noValidate
      aria-label={u.addPasskey}
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate();
      }}
    >
      {add.error && <StatusMessage tone="error">{add.error.message}</StatusMessage>}
      <FormField
        label={u.passkeyName}
        name="passkey-name"
        value={name}
        maxLength={60}
        hint={u.passkeyNameHint}
        onChange={(event) => setName(event.target.value)}
      />
      <PasswordField
        label={u.passwordAgain}
        current
        name="password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="second-factor__actions">
        <SubmitButton pending={add.isPending} busy={u.waitingForPasskey}>
          {u.addPasskey}
        </SubmitButton>
        <Button variant="ghost" onClick={onCancel}>
          {u.cancel}
        </Button>
      </div>
    </form>
  );
}

/** Removing a passkey: the password again, and a word when it is the last second factor. */
function RemovePasskeyForm({
  passkey,
  last,
  onDone,
  onCancel,
}: {
  passkey: PasskeyListing;
  last: boolean;
  onDone: () => void;
  onCancel: () => void;
}) {
  const remove = useMutation({
    mutationFn: (password: string) =>
      apiCall('DELETE', `/admin/passkeys/${passkey.id}`, { body: { password } }),
    onSuccess: onDone,
  });
  return (
    <div className="second-factor">
      <h3>{u.removePasskeyTitle(passkey.name)}</h3>
      {last && <StatusMessage tone="error">{u.removeLastPasskey}</StatusMessage>}
      <PasswordAgainForm
        label={u.removePasskeyTitle(passkey.name)}
        submitLabel={u.confirmRemove}
        pending={remove.isPending}
        error={remove.error?.message}
        onSubmit={(password) => remove.mutate(password)}
        onCancel={onCancel}
      />
    </div>
  );
}
