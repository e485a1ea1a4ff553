import { useSyncExternalStore } from 'react';
import { passkeysSupported } from './passkey-calls.js';

const noSubscription = () => () => undefined;

/**
 * Whether to offer passkeys: false while the server draws the page and while the browser takes
 * it over (no mismatch), then whether this browser has WebAuthn.
 */
export function usePasskeySupport(): boolean {
  return useSyncExternalStore(noSubscription, passkeysSupported, () => false);
}
