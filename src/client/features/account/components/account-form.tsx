import { useId } from 'react';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { accountUpdateBody, type Account } from '@shared/schemas/people.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import {
  NameFields,
  NewsletterBox,
  ZipBirthdayFields,
} from '@client/components/people/person-fields.js';
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
      <NameFields form={form} className="account-form__pair" />
      <FormField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
      <ZipBirthdayFields form={form} zip="zip_code" className="account-form__pair" />
      <NewsletterBox {...form.checkbox('newsletter')} />
      <SubmitButton pending={update.isPending} busy="Saving…" className="account-form__submit">
        Save Changes
      </SubmitButton>
    </form>
  );
}
