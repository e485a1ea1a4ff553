import type { FormEvent } from 'react';
import { adminUiMessages as t } from '@shared/messages/admin-ui.js';
import { validationMessages as m } from '@shared/messages/validation.js';
import type { AdminInfo } from '@shared/schemas/people.js';
import { isEmailFormat } from '@shared/validation.js';
import { detailOf, type Flash } from '@client/components/ui/use-flash.js';
import { Button } from '@client/components/ui/button.js';
import { FormField } from '@client/components/ui/form-field.js';
import { useUpdateAdminInfo } from '../api/own-account.js';
import { useCheckedFields, type FieldProblem } from './use-checked-fields.js';

type Field = 'firstName' | 'lastName' | 'email';
type Values = Record<Field, string>;

const valuesOf = (info: AdminInfo): Values => ({
  firstName: info.first_name,
  lastName: info.last_name,
  email: info.email,
});

/** The first problem in page order: a bad email is 'Email given was not found'. */
export function credentialsProblem(values: Values): FieldProblem<Field> | null {
  if (!values.firstName.trim()) return { field: 'firstName', text: m.firstNameRequired };
  if (!values.lastName.trim()) return { field: 'lastName', text: m.lastNameRequired };
  if (!isEmailFormat(values.email)) return { field: 'email', text: m.adminEmailNotFound };
  return null;
}

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
  const { values, setValues, bind, accept } = useCheckedFields<Field>(() => valuesOf(info));
  const update = useUpdateAdminInfo();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = credentialsProblem(values);
    // No call is made with a bad field.
    if (problem) flash.show({ tone: 'error', text: problem.text });
    if (!accept(event, problem)) return;
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
          setValues(valuesOf(saved));
          flash.show({ tone: 'success', text: t.infoUpdated });
        },
        onError: (error) =>
          flash.show({
            tone: 'error',
            text: t.infoUpdateFailed,
            detail: detailOf(error, t.infoUpdateFailed),
          }),
      },
    );
  };

  return (
    <form className="form people-fields" aria-label="Credentials" noValidate onSubmit={submit}>
      <FormField label="First Name" autoComplete="given-name" {...bind('firstName')} />
      <FormField label="Last Name" autoComplete="family-name" {...bind('lastName')} />
      <FormField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <div className="people-form__actions">
        <Button variant="secondary" onClick={onUpdatePassword}>
          Update Password
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
