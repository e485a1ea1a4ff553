import { useId } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { accountUpdateBody, type Account } from '@shared/schemas/people.js';
import { latestAllowedBirthday } from '@shared/validation.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useForm } from '@client/lib/use-form.js';
import { useUpdateAccount, type AccountPayload } from '../api/account.js';

type Values = Pick<AccountPayload, 'firstName' | 'lastName' | 'email' | 'zip_code' | 'birthday'> & {
  newsletter: boolean;
};

const toPayload = (id: number, { newsletter, ...values }: Values): AccountPayload => ({
  id,
  ...values,
  newsletter: newsletter ? '1' : '0',
});

/** The account form: names and email are required; zip code, birthday and newsletter are kept. */
export function AccountForm({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const headingId = useId();
  const form = useForm<Values>(
    {
      firstName: account.first_name,
      lastName: account.last_name,
      email: account.email,
      zip_code: account.zipcode,
      // The date input takes YYYY-MM-DD only.
      birthday: account.birthday?.slice(0, 10) ?? '',
      newsletter: account.newsletter === 1,
    },
    { schema: accountUpdateBody, body: (values) => toPayload(account.id, values) },
  );
  const save = (values: Values) =>
    update.mutate(toPayload(account.id, values), { onError: form.showServerError });

  return (
    <form
      className="form account-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={form.handleSubmit(save)}
    >
      <h3 id={headingId}>Account</h3>
      {update.isError && (
        <StatusMessage tone="error" onDismiss={update.reset}>
          {update.error.message}
        </StatusMessage>
      )}
      {update.isSuccess && (
        <StatusMessage tone="success" onDismiss={update.reset}>
          {t.accountSaved}
        </StatusMessage>
      )}
      <div className="account-form__pair">
        <FormField label="First Name" autoComplete="given-name" {...form.bind('firstName')} />
        <FormField label="Last Name" autoComplete="family-name" {...form.bind('lastName')} />
      </div>
      <FormField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
      <div className="account-form__pair">
        <FormField label="Zip Code" autoComplete="postal-code" {...form.bind('zip_code')} />
        <FormField
          label="Birthday"
          type="date"
          max={latestAllowedBirthday()}
          autoComplete="bday"
          {...form.bind('birthday')}
        />
      </div>
      <label className="checkbox">
        <input type="checkbox" {...form.checkbox('newsletter')} />
        Subscribe to the newsletter
      </label>
      <Button type="submit" className="account-form__submit" disabled={update.isPending}>
        {update.isPending ? 'Saving…' : 'Save Changes'}
      </Button>
    </form>
  );
}
