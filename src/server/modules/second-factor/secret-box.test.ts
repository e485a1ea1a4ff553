import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, secondFactorKey } from './secret-box.js';

describe('the secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 1));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens nothing sealed under another key, or changed', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toBeNull();
    const [version, nonce, tag, body] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(box.open([version, nonce, tag, flipped].join('.'))).toBeNull();
    expect(box.open('not sealed')).toBeNull();
  });
});

describe('the key', () => {
  it('comes from SECOND_FACTOR_KEY when set', () => {
    const configured = Buffer.alloc(32, 9).toString('base64');
    expect(secondFactorKey({ configured, databaseKind: 'postgres' })).toEqual(Buffer.alloc(32, 9));
  });

  it('is refused on PostgreSQL without it: instances must share one', () => {
    expect(secondFactorKey({ databaseKind: 'postgres' })).toBeNull();
  });

  it('is generated once beside the embedded data, readable by its owner only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'twang-key-'));
    const first = secondFactorKey({ databaseKind: 'pglite', dataDir });
    const again = secondFactorKey({ databaseKind: 'pglite', dataDir });
    expect(first).toEqual(again);
    const file = join(dataDir, 'second-factor.key');
    expect(Buffer.from(readFileSync(file, 'utf8'), 'base64')).toEqual(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
