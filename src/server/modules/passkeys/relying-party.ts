/**
 * Who the passkeys belong to, from PUBLIC_URL: the browser checks a passkey's relying-party id
 * against the page's host, and the server checks the origin the browser signed.
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingPartyOf(publicUrl: string, brand: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, origin: url.origin, name: brand };
}

/** The user handle a passkey stores for its account (WebAuthn's user.id): opaque, no email. */
export function userHandleOf(userId: number): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`twang-user-${userId}`);
}

/** Whether a sign-in answer's user handle, base64url as the browser sends it, names this account. */
export function isUserHandleOf(handle: string | undefined, userId: number): boolean {
  return handle === Buffer.from(userHandleOf(userId)).toString('base64url');
}
