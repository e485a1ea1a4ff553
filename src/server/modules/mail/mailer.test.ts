import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '@server/testing/smtp-capture.js';
import { createMailer } from './mailer.js';

const log = { info: () => undefined } as unknown as FastifyBaseLogger;

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(() => smtp.close());

describe('createMailer with SMTP_URL', () => {
  it('sends each message through the SMTP server (the transport is made on the first)', async () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'show@example.com', logMail: false },
      log,
    );
    try {
      for (const subject of ['First', 'Second']) {
        await mailer.send({ to: 'fan@example.com', subject, text: `${subject} body` });
      }
      const first = await smtp.waitForMail((mail) => mail.subject === 'First');
      expect(first).toMatchObject({
        to: ['fan@example.com'],
        subject: 'First',
        text: 'First body\n',
      });
      await smtp.waitForMail((mail) => mail.subject === 'Second');
      expect(mailer.outbox).toEqual([]);
    } finally {
      mailer.close();
    }
  });

  it('closes cleanly when it never sent anything', () => {
    const mailer = createMailer(
      { smtpUrl: smtp.url, from: 'show@example.com', logMail: false },
      log,
    );
    expect(() => mailer.close()).not.toThrow();
  });
});
