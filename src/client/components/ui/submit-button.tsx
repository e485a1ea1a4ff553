import type { ComponentProps } from 'react';
import { Button } from './button.js';

/** A form's submit button: while its call is on its way it is off and says so (`busy`). */
export function SubmitButton({
  pending,
  busy,
  disabled = pending,
  children,
  ...props
}: ComponentProps<typeof Button> & { pending: boolean; busy: string }) {
  return (
    <Button type="submit" disabled={disabled} {...props}>
      {pending ? busy : children}
    </Button>
  );
}
