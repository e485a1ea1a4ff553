import './page-states.css';
import type { ReactNode } from 'react';

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

/** What QueryView needs of a TanStack query: whether it is loading or failed, and its data. */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
}

/**
 * A query's three states, the one way pages write them: the loading view, the page's error text
 * (or what `error` makes of the error, such as a way on for a missing item), then the content.
 */
export function QueryView<T>({
  query,
  loading,
  error,
  children,
}: {
  query: QueryLike<T>;
  loading?: { label?: string; fill?: boolean };
  error: string | ((error: unknown) => ReactNode);
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingView {...loading} />;
  if (query.isError) {
    return typeof error === 'string' ? <ErrorView message={error} /> : error(query.error);
  }
  // Neither loading nor failed: TanStack Query holds the data.
  return children(query.data as T);
}
