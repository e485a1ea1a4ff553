import { Link } from 'react-router';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { apiMessages } from '@shared/messages/api.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { createAdminBody } from '@shared/schemas/people.js';
import { TEXT_MAX, splitAdminName } from '@shared/validation.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { SubmitButton } from '@client/components/ui/submit-button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { EmailField } from '@client/components/ui/email-field.js';
import { FormField } from '@client/components/ui/form-field.js';
import { PasswordField } from '@client/components/ui/password-field.js';
import { failureFlash, useFlash } from '@client/components/ui/use-flash.js';
import { confirmationRule } from '@client/lib/confirmation-rule.js';
import { useForm } from '@client/lib/use-form.js';
import { useCreateAdmin } from '../api/create-admin.js';
import './people.css';
import { adminLink } from '@shared/page-paths.js';

const EMPTY = { name: '', email: '', password: '', confirmPassword: '' };
type Values = typeof EMPTY;

const toBody = ({ name, email, password }: Values) => ({
  ...splitAdminName(name),
  email: email.trim(),
  password,
});

/** Create admin: one message at a time, checked in the form's order. */
const RULES = {
  schema: createAdminBody,
  body: toBody,
  // The body's first name comes from the Name field.
  rename: { firstName: 'name' },
  refine: confirmationRule<keyof Values>({ field: 'confirmPassword', of: 'password' }),
  texts: {
    [m.emailRequired]: m.emailInvalidAdmin,
    [m.passwordRequired]: m.adminPasswordFormat,
    [m.passwordTooLong]: m.adminPasswordFormat,
  },
  report: 'first',
  refusals: {
    [apiMessages.passwordTooCommon]: 'password',
    [apiMessages.emailTaken]: 'email',
  },
} as const;

/** /admin/newAdmin: Name, Email, Password, Confirm Password and Create (Enter anywhere submits). */
export function NewAdminPage() {
  const form = useForm(EMPTY, RULES);
  const { flash, show, dismiss } = useFlash();
  const create = useCreateAdmin();

  // A form submit: Enter in the Name field (or any other) creates, as the spec asks.
  const save = (values: Values) => {
    if (create.isPending) return;
    dismiss();
    create.mutate(toBody(values), {
      onSuccess: () => {
        // Success clears the email and password fields.
        form.reset((current) => ({ ...EMPTY, name: current.name }));
        show({ tone: 'success', text: t.adminCreated });
      },
      onError: (error) => {
        show(failureFlash(t.adminCreateFailed, error, form.showServerError(error)));
      },
    });
  };

  // No call is made with a bad field: its problem shows instead.
  const submit = form.handleSubmit(save, (problem) =>
    show({ tone: 'error', text: problem.message }),
  );

  return (
    <AdminPage
      title="New Administrator"
      actions={
        <Link to={adminLink.userDashboard} className="btn btn--secondary">
          Back to Users
        </Link>
      }
    >
      <AdminPanel title="Account" className="people-form">
        <form
          className="form people-fields"
          aria-label="New administrator"
          noValidate
          onSubmit={submit}
        >
          <FormField
            label="Name"
            autoComplete="off"
            // Split into first and last name, each of which this length fits.
            maxLength={TEXT_MAX.personName}
            {...form.bind('name')}
          />
          <EmailField label="Email" autoComplete="off" {...form.bind('email')} />
          <PasswordField label="Password" rule {...form.bind('password')} />
          <PasswordField label="Confirm Password" {...form.bind('confirmPassword')} />
          <FlashMessage flash={flash} onDismiss={dismiss} />
          <div className="people-form__actions">
            <SubmitButton pending={create.isPending} busy="Creating…">
              Create
            </SubmitButton>
          </div>
        </form>
      </AdminPanel>
    </AdminPage>
  );
}
