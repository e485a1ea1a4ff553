import type { ReactNode } from 'react';

/** A list's filters, as a search landmark: Enter applies what is typed at once. */
export function FiltersForm({
  label,
  className,
  onApply,
  children,
}: {
  label: string;
  className: string;
  onApply: () => void;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      className={`admin-filters ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        onApply();
      }}
    >
      {children}
    </form>
  );
}
