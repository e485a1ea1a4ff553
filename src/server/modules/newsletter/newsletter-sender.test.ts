import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '@server/testing/smtp-capture.js';
import {
  classifySendError,
  createNewsletterSender,
  type NewsletterMail,
  type NewsletterSender,
} from './newsletter-sender.js';

let smtp: SmtpCapture;
let sender: NewsletterSender;
beforeAll(async () => {
  smtp = await startSmtpCapture({
    refuse: (address) =>
      address.startsWith('gone@') ? { code: 550, message: 'No such user' } : null,
  });
  sender = createNewsletterSender({
    smtpUrl: smtp.url,
    from: 'Twang <news@twang.example>',
    connections: 2,
  });
});
afterAll(async () => {
  sender.close();
  await smtp.close();
});

const mail = (to: string): NewsletterMail => ({
  to,
  subject: 'Held end',
  html: '<p>Hello <b>there</b></p>',
  text: 'Hello there',
  messageId: `<held-${to}>`,
  unsubscribeUrl: 'https://twang.example/unsubscribe?token=1.2.3.abc',
  unsubscribeMailto: 'mailto:news@twang.example?subject=unsubscribe%201.2.3.abc',
});

it('runs beforeEnd with the whole message sent but not yet ended, so the server has not taken it', async () => {
  const seenAtEnd: number[] = [];
  await sender.send(mail('fan@example.com'), async () => {
    // The server is still reading the message: nothing of it has been taken.
    await new Promise((resolve) => setTimeout(resolve, 50));
    seenAtEnd.push(smtp.mails.filter((caught) => caught.to.includes('fan@example.com')).length);
  });
  expect(seenAtEnd).toEqual([0]);
  const [caught] = smtp.mails.filter((each) => each.to.includes('fan@example.com'));
  expect(caught?.headers['content-type']).toMatch(/^multipart\/alternative/);
  expect(caught?.headers['message-id']).toBe('<held-fan@example.com>');
  expect(caught?.html).toContain('<b>there</b>');
  expect(caught?.text).toBe('Hello there');
});

it('never runs beforeEnd for a refused recipient, and never delivers when it fails', async () => {
  let ran = false;
  await expect(
    sender.send(mail('gone@example.com'), async () => {
      ran = true;
    }),
  ).rejects.toMatchObject({ responseCode: 550 });
  expect(ran).toBe(false);

  await expect(
    sender.send(mail('later@example.com'), async () => {
      throw new Error('the database is gone');
    }),
  ).rejects.toThrow();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(smtp.mails.filter((caught) => caught.to.includes('later@example.com'))).toEqual([]);
  // The pool goes on with the next.
  await sender.send(mail('next@example.com'));
  expect(smtp.mails.filter((caught) => caught.to.includes('next@example.com'))).toHaveLength(1);
});

it('sorts failures by whose they are: the recipient’s, later, or the whole server’s', () => {
  const kind = (error: object) => classifySendError(error).kind;
  expect(kind({ code: 'EENVELOPE', responseCode: 550, response: '550 No such user' })).toBe(
    'recipient-refused',
  );
  expect(kind({ code: 'EENVELOPE', responseCode: 451, response: '451 Try later' })).toBe(
    'try-later',
  );
  // 421: the server closes the connection (busy, throttling); a failed sign-in refuses all.
  expect(kind({ code: 'ECONNECTION', responseCode: 421, response: '421 Too busy' })).toBe(
    'server-gone',
  );
  expect(kind({ code: 'EAUTH', responseCode: 454, response: '454 Try later' })).toBe(
    'server-refused',
  );
  expect(kind({ code: 'ECONNECTION', message: 'connect ECONNREFUSED' })).toBe('server-gone');
  expect(kind({ code: 'ETIMEDOUT' })).toBe('server-gone');
});
