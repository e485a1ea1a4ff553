import { useId } from 'react';
import { Link } from 'react-router';
import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { createAdminBody } from '@shared/schemas/people.js';
import { splitAdminName } from '@shared/validation.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { Button } from '@client/components/ui/button.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { FormField } from '@client/components/ui/form-field.js';
import { detailOf, useFlash } from '@client/components/ui/use-flash.js';
import { confirmationRule } from '@client/lib/confirmation-rule.js';
import { useForm } from '@client/lib/use-form.js';
import { useCreateAdmin } from '../api/create-admin.js';
import './people.css';

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
} as const;

/** /admin/newAdmin: Name, Email, Password, Confirm Password and Create (Enter anywhere submits). */
export function NewAdminPage() {
  const form = useForm(EMPTY, RULES);
  const { flash, show, dismiss } = useFlash();
  const create = useCreateAdmin();
  const hintId = useId();

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
        form.showServerError(error);
        show({
          tone: 'error',
          text: t.adminCreateFailed,
          detail: detailOf(error, t.adminCreateFailed),
        });
      },
    });
  };

  return (
    <AdminPage
      title="New Administrator"
      actions={
        <Link to="/admin/userDashboard" className="btn btn--secondary">
          Back to Users
        </Link>
      }
    >
      <AdminPanel title="Account" className="people-form">
        <form
          className="form people-fields"
          aria-label="New administrator"
          noValidate
          onSubmit={form.handleSubmit(save, (problem) =>
            show({ tone: 'error', text: problem.message }),
          )}
        >
          <FormField label="Name" autoComplete="off" {...form.bind('name')} />
          <FormField label="Email" type="email" autoComplete="off" {...form.bind('email')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            aria-describedby={hintId}
            {...form.bind('password')}
          />
          <p id={hintId} className="people-form__hint">
            {u.passwordHint}
          </p>
          <FormField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            {...form.bind('confirmPassword')}
          />
          <FlashMessage flash={flash} onDismiss={dismiss} />
          <div className="people-form__actions">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create'}
            </Button>
          </div>
        </form>
      </AdminPanel>
    </AdminPage>
  );
}
