import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '@server/db/client.js';
import { siteSettings } from '@server/db/schema.js';

const KEY_SETTING = 'newsletter-signing-key';
/** 128 bits of HMAC-SHA256 in base64url. */
const SIGNATURE_LENGTH = 22;

/** Whose link, from which mailing (0: a test mail), and the subscription it was signed for. */
export interface UnsubscribeClaim {
  userId: number;
  mailingId: number;
  /** newsletter_since in whole seconds: a link signed before a re-subscription no longer works. */
  since: number;
}

/**
 * The key that signs unsubscribe links: made once and kept in site_settings, so every instance and
 * every restart signs and checks alike, with nothing to configure. A stolen database could forge
 * links, which can only unsubscribe.
 */
export async function loadSigningKey(db: Database): Promise<Buffer> {
  await db
    .insert(siteSettings)
    .values({ key: KEY_SETTING, value: { key: randomBytes(32).toString('base64') } })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, KEY_SETTING));
  const key = (row?.value as { key?: unknown } | undefined)?.key;
  if (typeof key !== 'string') throw new Error(`site_settings ${KEY_SETTING} holds no key`);
  return Buffer.from(key, 'base64');
}

const signatureOf = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(body).digest('base64url').slice(0, SIGNATURE_LENGTH);

/** `12.3.1764230400.<signature>`: short enough for a List-Unsubscribe header line. */
export function signUnsubscribe(key: Buffer, claim: UnsubscribeClaim): string {
  const body = `${claim.userId}.${claim.mailingId}.${claim.since}`;
  return `${body}.${signatureOf(key, body)}`;
}

/** The claim of a token signed with `key`; null for anything cut, changed or made up. */
export function readUnsubscribe(key: Buffer, token: string): UnsubscribeClaim | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]+)$/.exec(token.trim());
  if (!match) return null;
  const [, userId, mailingId, since, signature] = match;
  const expected = Buffer.from(signatureOf(key, `${userId}.${mailingId}.${since}`));
  const given = Buffer.from(signature!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(userId), mailingId: Number(mailingId), since: Number(since) };
}

/** A subscription's start as the token carries it. */
export const sinceSeconds = (since: Date) => Math.floor(since.getTime() / 1000);
