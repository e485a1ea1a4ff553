import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoveryCodes } from '@server/db/schema.js';
import { buildUser, callApi } from '@server/testing/factories.js';
import { createTestApp, type TestApp } from '@server/testing/test-app.js';

/**
 * With no SMTP_URL, a recovery mail has nowhere to go. Outside production it is written to the
 * log, code included, so a demo or a developer can still reset a password; in production that
 * would let anyone reading the logs reset any password, so only "mail is not configured" is.
 */

const CODE = /[0-9A-Z]{5}-[0-9A-Z]{5}/;

interface Run {
  t: TestApp;
  lines: string[];
}
const runs: Record<'production' | 'development', Run> = {} as Record<
  'production' | 'development',
  Run
>;

beforeAll(async () => {
  for (const mode of ['production', 'development'] as const) {
    const lines: string[] = [];
    const t = await createTestApp({
      env: { NODE_ENV: mode, LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    runs[mode] = { t, lines };
  }
});
afterAll(async () => {
  await Promise.all(Object.values(runs).map((run) => run.t.close()));
});

/** Asks for a code and waits for the line the mailer writes once it has been issued. */
async function askForCode({ t, lines }: Run, mailLine: RegExp) {
  const user = await buildUser(t.db);
  const answer = await callApi(t.app, 'POST', '/api/recovery/generate', {
    body: { email: user.email },
  });
  expect(answer.statusCode).toBe(200);
  const deadline = Date.now() + 10_000;
  while (!lines.some((line) => mailLine.test(line))) {
    if (Date.now() > deadline) throw new Error(`no mail line in:\n${lines.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return user;
}

describe('recovery mail without SMTP_URL', () => {
  it('in production: one line says mail is not configured; no code, address or text is logged', async () => {
    const run = runs.production;
    const user = await askForCode(run, /mail is not configured/);
    // The code was issued (a working SMTP_URL would have sent it), but never written anywhere.
    const [issued] = await run.t.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, user.id));
    expect(issued).toBeDefined();
    const mailLines = run.lines.filter((line) => /mail/i.test(line));
    expect(mailLines).toHaveLength(1);
    expect(JSON.parse(mailLines[0]!)).toMatchObject({
      level: 40,
      msg: 'mail not sent: mail is not configured (SMTP_URL is not set)',
    });
    const everything = run.lines.join('\n');
    expect(everything).not.toMatch(CODE);
    expect(everything).not.toContain(user.email);
    expect(everything).not.toMatch(/recovery code is/);
  });

  it('in development (NODE_ENV not production): the whole mail, code included, is in the log', async () => {
    const run = runs.development;
    const user = await askForCode(run, /no SMTP_URL set, not sent/);
    const line = JSON.parse(run.lines.find((text) => text.includes('not sent'))!) as {
      mailTo: string;
      text: string;
    };
    expect(line.mailTo).toBe(user.email);
    const code = CODE.exec(line.text)?.[0];
    expect(code).toBeDefined();
    const valid = await callApi(run.t.app, 'POST', '/api/recovery/validate', {
      body: { email: user.email, recoveryCode: code },
    });
    expect(valid.statusCode).toBe(200);
  });
});
