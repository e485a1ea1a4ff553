import type { ComponentProps } from 'react';
import { FormField } from './form-field.js';

/**
 * A password input. Password managers fill the one in use (`current`) and offer to make up a new
 * one anywhere else.
 */
export function PasswordField({
  current = false,
  ...field
}: Omit<ComponentProps<typeof FormField>, 'type' | 'autoComplete'> & { current?: boolean }) {
  return (
    <FormField
      type="password"
      autoComplete={current ? 'current-password' : 'new-password'}
      {...field}
    />
  );
}
