import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adminPeopleUiMessages as u } from '@shared/messages/admin-people-ui.js';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import { isEmailFormat, isStrongPassword, splitAdminName } from '@shared/validation.js';
import { AdminPage, AdminPanel } from '@client/components/admin/admin-page.js';
import { FlashMessage } from '@client/components/ui/flash-message.js';
import { detailOf, useFlash } from '@client/components/ui/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { useCreateAdmin } from '../api/create-admin.js';
import { useCheckedFields, type FieldProblem } from './use-checked-fields.js';
import './people.css';

type Field = 'name' | 'email' | 'password' | 'confirmPassword';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', password: '', confirmPassword: '' };

/** Create admin: one message at a time, checked in the form's order. */
export function newAdminProblem(values: Values): FieldProblem<Field> | null {
  if (!values.name.trim()) return { field: 'name', text: m.adminNoName };
  if (!isEmailFormat(values.email)) return { field: 'email', text: m.emailInvalidAdmin };
  if (!isStrongPassword(values.password)) return { field: 'password', text: m.adminPasswordFormat };
  if (values.confirmPassword !== values.password) {
    return { field: 'confirmPassword', text: m.passwordsDoNotMatch };
  }
  return null;
}

/** /admin/newAdmin: Name, Email, Password, Confirm Password and Create (Enter anywhere submits). */
export function NewAdminPage() {
  const { values, setValues, bind, accept } = useCheckedFields<Field>(EMPTY);
  const { flash, show, dismiss } = useFlash();
  const create = useCreateAdmin();
  const hintId = useId();

  // A form submit: Enter in the Name field (or any other) creates, as the spec asks.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const problem = newAdminProblem(values);
    if (problem) show({ tone: 'error', text: problem.text });
    if (!accept(event, problem)) return;
    dismiss();
    const { firstName, lastName } = splitAdminName(values.name);
    create.mutate(
      { email: values.email.trim(), firstName, lastName, password: values.password },
      {
        onSuccess: () => {
          // Success clears the email and password fields.
          setValues((current) => ({ ...EMPTY, name: current.name }));
          show({ tone: 'success', text: t.adminCreated });
        },
        onError: (error) =>
          show({
            tone: 'error',
            text: t.adminCreateFailed,
            detail: detailOf(error, t.adminCreateFailed),
          }),
      },
    );
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
          onSubmit={submit}
        >
          <FormField label="Name" autoComplete="off" {...bind('name')} />
          <FormField label="Email" type="email" autoComplete="off" {...bind('email')} />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            aria-describedby={hintId}
            {...bind('password')}
          />
          <p id={hintId} className="people-form__hint">
            {u.passwordHint}
          </p>
          <FormField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            {...bind('confirmPassword')}
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
