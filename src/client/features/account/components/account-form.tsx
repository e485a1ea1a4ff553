import { useId } from 'react';
import { apiMessages } from '@shared/messages/api.js';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { accountUpdateBody, type Account } from '@shared/schemas/people.js';
import { NO_LAST_NAME, shownLastName } from '@shared/validation.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import {
  NameFields,
  NewsletterBox,
  ZipBirthdayFields,
} from '@client/components/people/person-fields.js';
import { EmailField } from '@client/components/ui/email-field.js';
import { StatusMessage } from '@client/components/ui/status-message.js';
import { useForm } from '@client/lib/use-form.js';
import { useUpdateAccount, type AccountPayload } from '../api/account.js';

type Values = Pick<AccountPayload, 'firstName' | 'lastName' | 'email' | 'zip_code' | 'birthday'> & {
  newsletter: boolean;
};

const toPayload = (
  account: Account,
  { newsletter, lastName, ...values }: Values,
): AccountPayload => ({
  id: account.id,
  ...values,
  // 'N/A' shows as an empty field; left empty, it stays what it was. Clearing a real last name
  // is refused, as the spec's account form requires one.
  lastName: lastName.trim() === '' && account.last_name === NO_LAST_NAME ? NO_LAST_NAME : lastName,
  newsletter: newsletter ? '1' : '0',
});

/** The account form: every field is required, as at sign-up; the newsletter is a choice. */
export function AccountForm({ account }: { account: Account }) {
  const update = useUpdateAccount();
  const headingId = useId();
  const form = useForm<Values>(
    {
      firstName: account.first_name,
      lastName: shownLastName(account.last_name),
      email: account.email,
      zip_code: account.zipcode,
      // The date input takes YYYY-MM-DD only.
      birthday: account.birthday?.slice(0, 10) ?? '',
      newsletter: account.newsletter === 1,
    },
    {
      schema: accountUpdateBody,
      body: (values) => toPayload(account, values),
      refusals: { [apiMessages.emailTaken]: 'email' },
    },
  );
  const save = (values: Values) =>
    update.mutate(toPayload(account, values), { onError: form.showServerError });

  return (
    <form
      className="form account-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={form.handleSubmit(save)}
    >
      <h3 id={headingId}>Account</h3>
      {update.isError && !form.fieldOf(update.error) && (
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
      <EmailField label="Email" autoComplete="email" {...form.bind('email')} />
      <ZipBirthdayFields form={form} zip="zip_code" className="account-form__pair" />
      <NewsletterBox {...form.checkbox('newsletter')} />
      <SubmitButton pending={update.isPending} busy="Saving…" className="account-form__submit">
        Save Changes
      </SubmitButton>
    </form>
  );
}
