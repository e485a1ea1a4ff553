import type { ComponentProps } from 'react';
import { latestAllowedBirthday } from '@shared/validation.js';
import { FormField } from '../ui/form-field.js';

type FieldProps = Omit<ComponentProps<typeof FormField>, 'label'>;
/** A form (useForm's) holding the named text fields. */
type FormWith<N extends string> = { bind: (name: N) => FieldProps };

/** First and last name, side by side where there is room: registration and the account. */
export function NameFields({
  form,
  className,
}: {
  form: FormWith<'firstName' | 'lastName'>;
  className: string;
}) {
  return (
    <div className={className}>
      <FormField label="First Name" autoComplete="given-name" {...form.bind('firstName')} />
      <FormField label="Last Name" autoComplete="family-name" {...form.bind('lastName')} />
    </div>
  );
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
  return (
    <div className={className}>
      <FormField label="Zip Code" autoComplete="postal-code" {...form.bind(zip)} />
      <FormField
        label="Birthday"
        type="date"
        max={latestAllowedBirthday()}
        autoComplete="bday"
        {...form.bind('birthday')}
      />
    </div>
  );
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
