import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Seals short secrets (authenticator keys) at rest: AES-256-GCM, a fresh nonce each time. */
export interface SecretBox {
  seal(plain: string): string;
  /** Null when the text was sealed under another key or tampered with. */
  open(sealed: string): string | null;
  /**
   * A keyed digest (HMAC-SHA-256 under a key derived from this one): backup codes are kept as
   * this, so a copy of the database alone cannot test guesses against them.
   */
  digest(text: string): string;
}

const VERSION = 'v1';

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
  const digestKey = createHmac('sha256', key).update('twang backup codes').digest();
  return {
    digest: (text) => createHmac('sha256', digestKey).update(text).digest('hex'),
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== VERSION || !nonce || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        const plain = Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

export interface SecretKeySource {
  /** SECOND_FACTOR_KEY, base64. */
  configured?: string | undefined;
  databaseKind: 'pglite' | 'postgres';
  /** The embedded database's directory; absent for an in-memory one. */
  dataDir?: string | undefined;
}

/**
 * The key that seals authenticator secrets, or null when none can be had safely. A key in the
 * environment wins. The embedded database serves one instance, so a key generated once and kept
 * beside its data (mode 0600) does; an in-memory database keeps one for the process, as it keeps
 * its data. PostgreSQL may serve many instances, which must share a key: there, only the
 * environment's will do.
 */
export function secondFactorKey(source: SecretKeySource): Buffer | null {
  if (source.configured) return Buffer.from(source.configured, 'base64');
  if (source.databaseKind === 'postgres') return null;
  if (!source.dataDir) return randomBytes(32);
  const file = join(source.dataDir, 'second-factor.key');
  if (existsSync(file)) {
    const kept = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    // A damaged file: no sealing rather than a failure on every call; enrolment says why.
    return kept.length === 32 ? kept : null;
  }
  mkdirSync(source.dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  return key;
}
