import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.js';

/**
 * Shown when a page cannot render, most often because its code chunk failed to load after a
 * deploy or on a flaky network; a reload fetches the current one.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <div className="page" role="alert">
      <h1>Something went wrong loading this page.</h1>
      <p>{detail}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
