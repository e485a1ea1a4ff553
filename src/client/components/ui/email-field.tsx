import type { ComponentProps } from 'react';
import { TEXT_MAX } from '@shared/validation.js';
import { FormField } from './form-field.js';

/** An email address input, no longer than the API takes. */
export function EmailField(props: Omit<ComponentProps<typeof FormField>, 'type' | 'maxLength'>) {
  return <FormField type="email" maxLength={TEXT_MAX.email} {...props} />;
}
