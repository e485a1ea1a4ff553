import { Button } from '../ui/button.js';
import './admin.css';

/**
 * Previous / Next for a server-paged list. At either end the button stays focusable
 * (aria-disabled), so focus does not fall back to the page when it reaches the last page.
 */
export function Pager({
  label,
  page,
  lastPage,
  onPage,
}: {
  label: string;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  if (lastPage <= 1) return null;
  const atStart = page <= 1;
  const atEnd = page >= lastPage;
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button
        variant="secondary"
        aria-disabled={atStart}
        onClick={() => !atStart && onPage(page - 1)}
      >
        <span aria-hidden="true">‹</span> Previous
      </Button>
      <span className="admin-pager__where">
        Page {Math.min(page, lastPage)} of {lastPage}
      </span>
      <Button variant="secondary" aria-disabled={atEnd} onClick={() => !atEnd && onPage(page + 1)}>
        Next <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
}
