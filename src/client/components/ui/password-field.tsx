import type { ComponentProps } from 'react';
import { formsUiMessages } from '@shared/messages/forms-ui.js';
import { PASSWORD_MAX_LENGTH } from '@shared/validation.js';
import { FormField } from './form-field.js';

/**
 * A password input, as long as the API takes. Password managers fill the one in use (`current`)
 * and offer to make up a new one anywhere else. The new password itself (`rule`) says what it
 * must be under it.
 */
export function PasswordField({
  current = false,
  rule = false,
  ...field
}: Omit<ComponentProps<typeof FormField>, 'type' | 'autoComplete' | 'hint'> & {
  current?: boolean;
  rule?: boolean;
}) {
  return (
    <FormField
      type="password"
      autoComplete={current ? 'current-password' : 'new-password'}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={rule ? formsUiMessages.passwordHint : undefined}
      {...field}
    />
  );
}
