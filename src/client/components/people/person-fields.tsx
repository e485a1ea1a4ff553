import type { ComponentProps } from 'react';
import { fieldLabels as label } from '@shared/messages/field-labels.js';
import { TEXT_MAX, latestAllowedBirthday } from '@shared/validation.js';
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
      <FormField
        label={label.firstName}
        autoComplete="given-name"
        maxLength={TEXT_MAX.personName}
        {...form.bind('firstName')}
      />
      <FormField
        label={label.lastName}
        autoComplete="family-name"
        maxLength={TEXT_MAX.personName}
        {...form.bind('lastName')}
      />
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
      <FormField
        label={label.zipCode}
        autoComplete="postal-code"
        maxLength={TEXT_MAX.zipCode}
        {...form.bind(zip)}
      />
      <FormField
        label={label.birthday}
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
