import type { ComponentProps } from 'react';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentProps<'button'> & { variant?: Variant }) {
  return <button type={type} className={`btn btn--${variant} ${className}`.trim()} {...props} />;
}
