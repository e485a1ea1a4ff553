import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { updateAdminBody, type AdminInfo } from '@shared/schemas/people.js';
import { Button } from '@client/components/ui/button.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { failureFlash, type Flash } from '@client/components/ui/use-flash.js';
import { useForm } from '@client/lib/use-form.js';
import { useUpdateAdminInfo } from '../api/own-account.js';

const valuesOf = (info: AdminInfo) => ({
  firstName: info.first_name,
  lastName: info.last_name,
  email: info.email,
});
type Values = ReturnType<typeof valuesOf>;

/** One problem at a time, in page order; a bad email is 'Email given was not found'. */
const RULES = {
  schema: updateAdminBody,
  texts: { [m.emailRequired]: m.adminEmailNotFound, [m.emailInvalidAdmin]: m.adminEmailNotFound },
  report: 'first',
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
    body: (values: Values) => ({ id: info.id, ...values }),
  });
  const update = useUpdateAdminInfo();

  const save = (values: Values) => {
    flash.dismiss();
    update.mutate(
      {
        id: info.id,
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
      },
      {
        onSuccess: (saved) => {
          form.reset(valuesOf(saved));
          flash.show({ tone: 'success', text: t.infoUpdated });
        },
        onError: (error) => {
          form.showServerError(error);
          flash.show(failureFlash(t.infoUpdateFailed, error));
        },
      },
    );
  };

  // No call is made with a bad field: its problem shows instead.
  const submit = form.handleSubmit(save, (problem) =>
    flash.show({ tone: 'error', text: problem.message }),
  );

  return (
    <form className="form people-fields" aria-label="Credentials" noValidate onSubmit={submit}>
      <FormField label="First Name" autoComplete="given-name" {...form.bind('firstName')} />
      <FormField label="Last Name" autoComplete="family-name" {...form.bind('lastName')} />
      <FormField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
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
