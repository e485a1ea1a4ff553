import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { updateAdminBody, type AdminInfo } from '@shared/schemas/people.js';
import { shownLastName, storedLastName } from '@shared/validation.js';
import { Button } from '@client/components/ui/button.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { EmailField } from '@client/components/ui/email-field.js';
import { NameFields } from '@client/components/people/person-fields.js';
import { failureFlash, type Flash } from '@client/components/ui/use-flash.js';
import { useForm } from '@client/lib/use-form.js';
import { useUpdateAdminInfo } from '../api/own-account.js';

const valuesOf = (info: AdminInfo) => ({
  firstName: info.first_name,
  // 'N/A' (a one-word name) shows as no last name.
  lastName: shownLastName(info.last_name),
  email: info.email,
});
type Values = ReturnType<typeof valuesOf>;

/** What is saved: no last name is stored as 'N/A', as when the administrator was created. */
const toBody = (id: number, values: Values) => ({
  id,
  email: values.email.trim(),
  firstName: values.firstName.trim(),
  lastName: storedLastName(values.lastName),
});

/** One problem at a time, in page order; a bad email is 'Email given was not found'. */
const RULES = {
  schema: updateAdminBody,
  texts: { [m.emailRequired]: m.adminEmailNotFound, [m.emailInvalidAdmin]: m.adminEmailNotFound },
  report: 'first',
  refusals: { [apiMessages.emailTaken]: 'email' },
} as const;

/** The Credentials form: First Name, Last Name, Email, then Update Password and Save. */
export function CredentialsForm({
  info,
  flash,
  onUpdatePassword,
}: {
  info: AdminInfo;
  flash: { show: (flash: Flash) => void; dismiss: () => void };
  onUpdatePassword: () => void;
}) {
  const form = useForm(() => valuesOf(info), {
    ...RULES,
    body: (values: Values) => toBody(info.id, values),
  });
  const update = useUpdateAdminInfo();

  const save = (values: Values) => {
    flash.dismiss();
    update.mutate(toBody(info.id, values), {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        flash.show({ tone: 'success', text: t.infoUpdated });
      },
      onError: (error) => {
        flash.show(failureFlash(t.infoUpdateFailed, error, form.showServerError(error)));
      },
    });
  };

  // No call is made with a bad field: its problem shows instead.
  const submit = form.handleSubmit(save, (problem) =>
    flash.show({ tone: 'error', text: problem.message }),
  );

  return (
    <form className="form people-fields" aria-label="Credentials" noValidate onSubmit={submit}>
      <NameFields form={form} />
      <EmailField label="Email" autoComplete="email" {...form.bind('email')} />
      <div className="people-form__actions">
        <Button variant="secondary" onClick={onUpdatePassword}>
          Update Password
        </Button>
        <SubmitButton pending={update.isPending} busy="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
