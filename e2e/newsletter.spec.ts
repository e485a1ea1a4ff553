import type { Page } from '@playwright/test';
import { adminNewsletterUiMessages as u } from '@shared/messages/admin-newsletter-ui.js';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import type { MailingPage } from '@shared/schemas/newsletter.js';
import { adminCall, openAsAdmin, E2E_ADMIN } from './admin.js';
import { FAN_PASSWORD, uniqueEmail } from './fans.js';
import { expect, test } from './fixtures.js';
import { readMails } from './mailbox.js';

/**
 * The Newsletter screen end to end: compose, preview, a test, the mailing through the e2e SMTP
 * catcher, and a subscriber's unsubscribe page. One test, since one mailing goes out at a time.
 */

async function registerSubscriber(page: Page) {
  const email = uniqueEmail('subscriber');
  const response = await page.request.post('/api/register', {
    data: {
      firstName: 'Sunny',
      lastName: 'Subscriber',
      zipCode: '37203',
      birthday: '1990-04-05',
      email,
      password: FAN_PASSWORD,
      newsletter: '1',
    },
  });
  expect(response.status()).toBe(201);
  return email;
}

const mailTo = async (email: string, subject: string) =>
  (await readMails()).filter(
    (mail) => mail.to.split(',').includes(email) && mail.text.includes(`Subject: ${subject}`),
  );

test('an administrator previews, tests and sends a mailing; a subscriber unsubscribes from it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await registerSubscriber(page);
  const home = (await (await page.request.get('/api/home')).json()) as {
    data: { categories: { videos: { id: number; title: string }[] }[] };
  };
  const episode = home.data.categories.flatMap((category) => category.videos)[0]!;
  const subject = `Porch news ${Date.now()}`;

  const session = await openAsAdmin(page, '/admin/newsletter');
  await expect(page.getByRole('heading', { level: 1, name: u.title })).toBeVisible();
  await expect(page.getByText(/[\d,]+ subscribers?/)).toBeVisible();

  const form = page.getByRole('form', { name: u.composeTitle });
  // Nothing picked: the form says what is missing, and sends nothing.
  await form.getByRole('button', { name: u.send }).click();
  await expect(form.getByText(m.subjectRequired)).toBeVisible();
  await expect(form.getByText(m.episodesRequired)).toBeVisible();

  await form.getByLabel(u.subject).fill(subject);
  await form.getByLabel(u.intro).fill('Fresh from the porch this week.');
  await form.getByLabel(u.searchLabel).fill(episode.title.split(/\s+/)[0]!);
  await form.getByRole('button', { name: u.searchButton }).click();
  await form.getByRole('checkbox', { name: episode.title }).first().check();
  await expect(form.getByText(u.picked(1))).toBeVisible();

  await form.getByRole('button', { name: u.preview }).click();
  const frame = page.frameLocator(`iframe[title="${u.previewFrame}"]`);
  await expect(frame.getByRole('heading', { name: subject })).toBeVisible();
  await expect(frame.getByRole('link', { name: episode.title }).first()).toBeVisible();
  const preview = page.getByRole('region', { name: u.previewTitle });
  await preview.getByRole('button', { name: u.phone, exact: true }).click();
  await expect(preview.getByRole('button', { name: u.phone, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await preview.getByRole('button', { name: u.dark, exact: true }).click();
  await expect(preview.getByRole('button', { name: u.dark, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(frame.getByRole('heading', { name: subject })).toBeVisible();

  await form.getByRole('button', { name: u.sendTest }).click();
  await expect(page.getByText(u.testSent(E2E_ADMIN.email))).toBeVisible();
  await expect
    .poll(async () => (await mailTo(E2E_ADMIN.email, `[Test] ${subject}`)).length)
    .toBe(1);

  await form.getByRole('button', { name: u.send }).click();
  const dialog = page.getByRole('dialog', { name: u.sendConfirmTitle });
  await dialog.getByRole('button', { name: u.sendNow }).click();
  await expect(page.getByText(u.started)).toBeVisible();

  // The subscriber's mail arrives, once, with the one-click headers.
  await expect.poll(async () => (await mailTo(email, subject)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailTo(email, subject);
  expect(mail!.text).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  // Folded over lines, as long headers are.
  expect(mail!.text).toMatch(
    /^List-Unsubscribe:\s+<https:[^>]+\/unsubscribe\?token=[^>]+>,\s+<mailto:/m,
  );
  const token = /\/unsubscribe\?token=([\w.-]+)>/.exec(mail!.text)?.[1];
  expect(token).toBeTruthy();

  // Sent: the history says so.
  await expect
    .poll(
      async () => {
        const { data } = await adminCall<MailingPage>(
          page.request,
          session,
          'GET',
          '/admin/mailings',
        );
        return data.mailings.find((item) => item.subject === subject)?.state;
      },
      { timeout: 30_000 },
    )
    .toBe('sent');
  await page.reload();
  const history = page.getByRole('region', { name: u.historyTitle });
  await expect(history.getByRole('button', { name: u.view(subject) })).toBeVisible();

  // The subscriber opens the link: nothing changes until they press the button.
  const visitor = await browser.newContext({ baseURL });
  const fan = await visitor.newPage();
  await fan.goto(`/unsubscribe?token=${token}`);
  await expect(fan.getByRole('heading', { level: 1, name: u.unsubscribeTitle })).toBeVisible();
  await expect(fan.getByText(/Stop the .+ newsletter for s•••@example\.com\?/)).toBeVisible();
  await fan.getByRole('button', { name: u.unsubscribeButton }).click();
  await expect(fan.getByText(m.unsubscribed)).toBeVisible();
  await expect(fan.getByRole('link', { name: u.unsubscribeAccount })).toBeVisible();
  await fan.reload();
  await expect(fan.getByText(m.alreadyUnsubscribed)).toBeVisible();
  await fan.goto('/unsubscribe?token=1.2.3.forged');
  await expect(fan.getByText(m.tokenInvalid)).toBeVisible();
  await visitor.close();

  await expect
    .poll(async () => {
      const { data } = await adminCall<MailingPage>(
        page.request,
        session,
        'GET',
        '/admin/mailings',
      );
      return data.mailings.find((item) => item.subject === subject)?.counts.unsubscribes;
    })
    .toBe(1);
});
