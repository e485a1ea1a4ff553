import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { secondFactorMessages as m } from '@shared/messages/second-factor.js';
import { passkeys } from '@server/db/schema.js';
import { buildUser, callApi, login, type Caller } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';
import { insertPasskey, recordPasskeyUse } from './passkeys-repository.js';
import { userHandleOf } from './relying-party.js';

// The ceremonies' server side without an authenticator: options, refusals, ownership. A real
// registration and sign-in run in Chromium's virtual authenticator (e2e/passkeys.spec.ts).
const { t, admin, fan } = useTestApp({
  env: { PUBLIC_URL: 'https://twang.example' },
  signIn: { admin: 'admin', fan: 'user' },
});

const clientData = (challenge: string) =>
  Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: 'https://twang.example' }),
  ).toString('base64url');

const fakeAnswer = (challenge: string, id = 'Y3JlZGVudGlhbA', extra: object = {}) => ({
  id,
  rawId: id,
  type: 'public-key',
  response: {
    clientDataJSON: clientData(challenge),
    authenticatorData: 'AA',
    signature: 'AA',
    ...extra,
  },
  clientExtensionResults: {},
});

let credentials = 0;
/** A passkey row as a verified registration would store it (the key itself is not used here). */
async function storedPasskey(userId: number, counter = 0) {
  credentials += 1;
  const row = await insertPasskey(t.app.db, {
    userId,
    credentialId: `Y3JlZC0${credentials}-${userId}`,
    publicKey: 'AA',
    counter,
    name: `Key ${credentials}`,
  });
  if (!row) throw new Error('passkey not stored');
  return row;
}

async function freshAdmin(): Promise<Caller> {
  const user = await buildUser(t.app.db, { isAdmin: true });
  const token = await login(t.app, user.email, user.password);
  return { id: user.id, email: user.email, password: user.password, token, isAdmin: true };
}

const handleOf = (userId: number) => Buffer.from(userHandleOf(userId)).toString('base64url');

describe('registering a passkey', () => {
  it('asks for the password again, then answers options for PUBLIC_URL’s host', async () => {
    const wrong = await callApi(t.app, 'POST', '/api/admin/passkeys/options', {
      token: admin.token,
      body: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(403);
    const res = await callApi(t.app, 'POST', '/api/admin/passkeys/options', {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(res.statusCode).toBe(200);
    const options = res.body.data as {
      challenge: string;
      rp: { id: string };
      user: { name: string };
      authenticatorSelection: { residentKey: string };
    };
    expect(options.rp.id).toBe('twang.example');
    expect(options.user.name).toBe(admin.email);
    expect(options.authenticatorSelection.residentKey).toBe('required');
    expect(options.challenge.length).toBeGreaterThan(20);
  });

  it('refuses an answer to no prompt, or one that is not WebAuthn', async () => {
    const unknown = await callApi(t.app, 'POST', '/api/admin/passkeys', {
      token: admin.token,
      body: { name: 'Laptop', response: fakeAnswer('never-issued') },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body.message).toBe(m.passkeyChallengeExpired);
    const junk = await callApi(t.app, 'POST', '/api/admin/passkeys', {
      token: admin.token,
      body: { name: 'Laptop', response: { nope: true } },
    });
    expect(junk.statusCode).toBe(400);
    const unnamed = await callApi(t.app, 'POST', '/api/admin/passkeys', {
      token: admin.token,
      body: { name: ' ', response: fakeAnswer('x') },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.body.message).toBe(m.passkeyNameRequired);
  });

  it('refuses a forged answer to a real prompt, and the prompt is then spent', async () => {
    const started = await callApi(t.app, 'POST', '/api/admin/passkeys/options', {
      token: admin.token,
      body: { password: admin.password },
    });
    const { challenge } = started.body.data as { challenge: string };
    const forged = await callApi(t.app, 'POST', '/api/admin/passkeys', {
      token: admin.token,
      body: { name: 'Laptop', response: fakeAnswer(challenge) },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body.message).toBe(m.passkeyNotVerified);
    const again = await callApi(t.app, 'POST', '/api/admin/passkeys', {
      token: admin.token,
      body: { name: 'Laptop', response: fakeAnswer(challenge) },
    });
    expect(again.body.message).toBe(m.passkeyChallengeExpired);
  });

  it('is only for administrators, and each manages only their own', async () => {
    const asFan = await callApi(t.app, 'GET', '/api/admin/passkeys', { token: fan.token });
    expect(asFan.statusCode).toBe(403);
    const none = await callApi(t.app, 'DELETE', '/api/admin/passkeys/999999', {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(none.statusCode).toBe(404);
    expect(none.body.message).toBe(m.passkeyNotFound);
    const colleague = await freshAdmin();
    const theirs = await storedPasskey(colleague.id);
    const notMine = await callApi(t.app, 'DELETE', `/api/admin/passkeys/${theirs.id}`, {
      token: admin.token,
      body: { password: admin.password },
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('refuses transports that WebAuthn does not define (400, not stored)', async () => {
    const res = await callApi(t.app, 'POST', '/api/admin/passkeys', {
      token: admin.token,
      body: { name: 'Laptop', response: fakeAnswer('x', 'abc', { transports: 'usb' }) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toMatch(/transports/);
  });
});

describe('removing a passkey', () => {
  it('asks for the password again, and nothing is removed without it', async () => {
    const who = await freshAdmin();
    const key = await storedPasskey(who.id);
    const bare = await callApi(t.app, 'DELETE', `/api/admin/passkeys/${key.id}`, {
      token: who.token,
    });
    expect(bare.statusCode).toBe(400);
    const wrong = await callApi(t.app, 'DELETE', `/api/admin/passkeys/${key.id}`, {
      token: who.token,
      body: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(403);
    const list = await callApi(t.app, 'GET', '/api/admin/passkeys', { token: who.token });
    expect(list.body.data).toHaveLength(1);
    const removed = await callApi(t.app, 'DELETE', `/api/admin/passkeys/${key.id}`, {
      token: who.token,
      body: { password: who.password },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.body.message).toBe(m.passkeyRemoved);
  });

  it('keeps the last second factor while every administrator must have one', async () => {
    const who = await freshAdmin();
    const [first, second] = [await storedPasskey(who.id), await storedPasskey(who.id)];
    const on = await callApi(t.app, 'PUT', '/api/admin/second-factor/required', {
      token: who.token,
      body: { required: true },
    });
    expect(on.statusCode).toBe(200);
    try {
      const one = await callApi(t.app, 'DELETE', `/api/admin/passkeys/${first.id}`, {
        token: who.token,
        body: { password: who.password },
      });
      expect(one.statusCode).toBe(200);
      const last = await callApi(t.app, 'DELETE', `/api/admin/passkeys/${second.id}`, {
        token: who.token,
        body: { password: who.password },
      });
      expect(last.statusCode).toBe(409);
      expect(last.body.message).toBe(m.lastFactorRequired);
      const kept = await t.app.db.select().from(passkeys).where(eq(passkeys.userId, who.id));
      expect(kept.map((row) => row.id)).toEqual([second.id]);
    } finally {
      await callApi(t.app, 'PUT', '/api/admin/second-factor/required', {
        token: who.token,
        body: { required: false },
      });
    }
  });
});

describe("a passkey's use", () => {
  it("moves only that passkey's counter and last use", async () => {
    const [a, b] = [await freshAdmin(), await freshAdmin()];
    const [mine, synced] = [await storedPasskey(a.id, 5), await storedPasskey(b.id, 0)];
    expect(await recordPasskeyUse(t.app.db, mine.id, 57)).toBe(true);
    const [after] = await t.app.db.select().from(passkeys).where(eq(passkeys.id, synced.id));
    expect(after).toMatchObject({ counter: 0, lastUsedAt: null });
    // A counter that does not move on is a cloned or replayed assertion.
    expect(await recordPasskeyUse(t.app.db, mine.id, 57)).toBe(false);
    expect(await recordPasskeyUse(t.app.db, synced.id, 0)).toBe(true);
  });
});

describe('signing in with a passkey', () => {
  it('answers usernameless options that require user verification', async () => {
    const res = await callApi(t.app, 'POST', '/api/login/passkey/options', { body: {} });
    expect(res.statusCode).toBe(200);
    const options = res.body.data as { rpId: string; userVerification: string };
    expect(options.rpId).toBe('twang.example');
    expect(options.userVerification).toBe('required');
  });

  it('refuses a second-factor prompt for a login challenge that does not exist', async () => {
    const res = await callApi(t.app, 'POST', '/api/login/passkey/options', {
      body: { challenge: 'no-such-login' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe(m.challengeExpired);
  });

  it('refuses an unknown passkey, and a prompt used twice', async () => {
    const options = await callApi(t.app, 'POST', '/api/login/passkey/options', { body: {} });
    const { challenge } = options.body.data as { challenge: string };
    const unknown = await callApi(t.app, 'POST', '/api/login/passkey', {
      body: { response: fakeAnswer(challenge) },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body.message).toBe(m.passkeyUnknown);
    const replay = await callApi(t.app, 'POST', '/api/login/passkey', {
      body: { response: fakeAnswer(challenge) },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.body.message).toBe(m.passkeyChallengeExpired);
  });

  it("refuses a usernameless answer whose user handle is not the passkey's account", async () => {
    const [owner, other] = [await freshAdmin(), await freshAdmin()];
    const key = await storedPasskey(owner.id);
    for (const extra of [{}, { userHandle: handleOf(other.id) }]) {
      const options = await callApi(t.app, 'POST', '/api/login/passkey/options', { body: {} });
      const { challenge } = options.body.data as { challenge: string };
      const res = await callApi(t.app, 'POST', '/api/login/passkey', {
        body: { response: fakeAnswer(challenge, key.credentialId, extra) },
      });
      expect(res.statusCode).toBe(401);
      expect(res.body.message).toBe(m.passkeyUnknown);
    }
    // The right handle gets as far as the signature, which this forged answer does not carry.
    const options = await callApi(t.app, 'POST', '/api/login/passkey/options', { body: {} });
    const { challenge } = options.body.data as { challenge: string };
    const res = await callApi(t.app, 'POST', '/api/login/passkey', {
      body: {
        response: fakeAnswer(challenge, key.credentialId, { userHandle: handleOf(owner.id) }),
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body.message).toBe(m.passkeyNotVerified);
  });
});
