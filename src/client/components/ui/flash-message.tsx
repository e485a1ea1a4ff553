import { StatusMessage } from './status-message.js';
import type { Flash } from './use-flash.js';

/** A flash from useFlash: the spec's text, then the server's reason when it gives one. */
export function FlashMessage({ flash, onDismiss }: { flash: Flash | null; onDismiss: () => void }) {
  if (!flash) return null;
  return (
    <StatusMessage tone={flash.tone} onDismiss={onDismiss}>
      {flash.text}
      {flash.detail && <span className="flash__detail"> ({flash.detail})</span>}
    </StatusMessage>
  );
}
