import type { ComponentProps } from 'react';
import { fieldLabels as label } from '@shared/messages/field-labels.js';
import { TEXT_MAX, latestAllowedBirthday } from '@shared/validation.js';
import { FormField } from '../ui/form-field.js';

type FieldProps = Omit<ComponentProps<typeof FormField>, 'label'>;
/** A form (useForm's) holding the named text fields. */
type FormWith<N extends string> = { bind: (name: N) => FieldProps };
/** One field of a row: its name in the form's body and the input's fixed attributes. */
type FieldSpec<N extends string> = FieldProps & { name: N; label: string };

/**
 * The fields bound to the form; with a className they share a row (a pair that sits side by
 * side where there is room), without one they fall into the form's own column.
 */
function BoundFields<N extends string>({
  form,
  fields,
  className,
}: {
  form: FormWith<N>;
  fields: readonly FieldSpec<N>[];
  className?: string;
}) {
  const inputs = fields.map(({ name, ...field }) => (
    <FormField key={name} {...field} {...form.bind(name)} />
  ));
  return className === undefined ? <>{inputs}</> : <div className={className}>{inputs}</div>;
}

const nameFields = [
  {
    name: 'firstName',
    label: label.firstName,
    autoComplete: 'given-name',
    maxLength: TEXT_MAX.personName,
  },
  {
    name: 'lastName',
    label: label.lastName,
    autoComplete: 'family-name',
    maxLength: TEXT_MAX.personName,
  },
] as const satisfies readonly FieldSpec<'firstName' | 'lastName'>[];

/**
 * First and last name: registration and the account put them side by side (className),
 * an administrator's credentials keep them in the form's column (no className).
 */
export function NameFields({
  form,
  className,
}: {
  form: FormWith<'firstName' | 'lastName'>;
  className?: string;
}) {
  return <BoundFields form={form} fields={nameFields} className={className} />;
}

/** Zip code and birthday; the date input stops at today minus 13 years. */
export function ZipBirthdayFields<Z extends string>({
  form,
  zip,
  className,
}: {
  form: FormWith<Z | 'birthday'>;
  /** The zip code's name in this form's body. */
  zip: Z;
  className: string;
}) {
  const fields: FieldSpec<Z | 'birthday'>[] = [
    { name: zip, label: label.zipCode, autoComplete: 'postal-code', maxLength: TEXT_MAX.zipCode },
    // Worked out at each render, so a form left open past midnight still stops at the right day.
    {
      name: 'birthday',
      label: label.birthday,
      type: 'date',
      max: latestAllowedBirthday(),
      autoComplete: 'bday',
    },
  ];
  return <BoundFields form={form} fields={fields} className={className} />;
}

/** The newsletter choice (registration starts subscribed). */
export function NewsletterBox(checkbox: ComponentProps<'input'>) {
  return (
    <label className="checkbox">
      <input type="checkbox" {...checkbox} />
      Subscribe to the newsletter
    </label>
  );
}
