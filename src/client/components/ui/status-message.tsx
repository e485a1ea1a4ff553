import type { ReactNode } from 'react';
import './status-message.css';

/** The spec's status line: red for errors, green for success, dismissible. */
export function StatusMessage({
  tone,
  children,
  onDismiss,
}: {
  tone: 'error' | 'success';
  children: ReactNode;
  onDismiss?: () => void;
}) {
  return (
    <div className={`status status--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <span>{children}</span>
      {onDismiss && (
        <button type="button" className="status__dismiss" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      )}
    </div>
  );
}
