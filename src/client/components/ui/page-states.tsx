import './page-states.css';

/**
 * What a page shows while its data loads; announced politely to screen readers. `fill` when it
 * stands for the whole page, so what arrives does not push the footer away.
 */
export function LoadingView({
  label = 'Loading…',
  fill = false,
}: {
  label?: string;
  fill?: boolean;
}) {
  return (
    <div
      className={fill ? 'page-state page-state--fill' : 'page-state'}
      role="status"
      aria-live="polite"
    >
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

/** A page's error text (the spec gives one per page). */
export function ErrorView({ message }: { message: string }) {
  return (
    <div className="page-state page-state--error" role="alert">
      {message}
    </div>
  );
}
