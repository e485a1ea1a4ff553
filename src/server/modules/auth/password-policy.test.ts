import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '@server/db/schema.js';
import { buildUser, callApi, register } from '@server/testing/factories.js';
import { useTestApp } from '@server/testing/use-test-app.js';

const { t } = useTestApp();

const registerAs = (email: string, password: string) => register(t.app, { email, password });

describe('password storage and checks', () => {
  it("hashes with argon2id at one of OWASP's minimums (m=7 MiB, t=5, p=1)", async () => {
    expect((await registerAs('argon.params@example.com', 'Fiddle-Porch-42')).statusCode).toBe(201);
    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'argon.params@example.com'));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
  });

  it('never truncates: a 128-character password differs from itself with the last character changed', async () => {
    const long = `Aa1-${'x'.repeat(123)}y`;
    expect(long).toHaveLength(128);
    expect((await registerAs('long.password@example.com', long)).statusCode).toBe(201);
    const login = (password: string) =>
      callApi(t.app, 'POST', '/api/login', {
        body: { email: 'long.password@example.com', password },
      });
    expect((await login(long)).statusCode).toBe(201);
    expect((await login(`${long.slice(0, -1)}z`)).statusCode).toBe(401);
    // 129 characters are refused with a reason, not cut to 128.
    const tooLong = await registerAs('too.long@example.com', `${long}z`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body.message).toBe('Password must be at most 128 characters');
  });

  it('answers an unknown email and a wrong password in about the same time', async () => {
    const user = await buildUser(t.db);
    const time = async (email: string) => {
      const started = performance.now();
      await callApi(t.app, 'POST', '/api/login', { body: { email, password: 'Wrong-Pass-1' } });
      return performance.now() - started;
    };
    await time('warm-up@example.com');
    const unknown: number[] = [];
    const wrong: number[] = [];
    for (let n = 0; n < 8; n++) {
      unknown.push(await time(`nobody-${n}@example.com`));
      wrong.push(await time(user.email));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
    const ratio = median(unknown) / median(wrong);
    console.info(
      `login timing: unknown email ${median(unknown).toFixed(1)} ms, wrong password ${median(wrong).toFixed(1)} ms (ratio ${ratio.toFixed(2)})`,
    );
    // Both verify an argon2 hash; without the dummy hash an unknown email would answer ~50x faster.
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
