import type { FastifyInstance } from 'fastify';
import { announceEpisodes, defineAnnounceJob } from './automatic-mailing.js';
import { DELIVERY_JOB, DELIVERY_LOCK_SECONDS, deliverMailing } from './mailing-delivery.js';
import { createNewsletterSender, type NewsletterSender } from './newsletter-sender.js';
import { loadSigningKey } from './unsubscribe-token.js';

export interface Newsletter {
  /** Null without SMTP_URL: nothing can be sent. */
  sender: NewsletterSender | null;
  /** The unsubscribe links' key, read once per instance. */
  signingKey: () => Promise<Buffer>;
  /** Announces new public episodes by mail when the automatic setting is on. */
  announce: (videoIds: number[]) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    newsletter: Newsletter;
  }
}

/**
 * Mailings go out over their own SMTP connections (smtp-lanes.ts), by a job per mailing that one instance runs
 * at a time (its lock is short, so a crashed instance's mailing resumes within half a minute).
 */
export function registerNewsletter(app: FastifyInstance): void {
  const { SMTP_URL, MAIL_FROM, NEWSLETTER_SMTP_CONNECTIONS } = app.config;
  const sender = SMTP_URL
    ? createNewsletterSender({
        smtpUrl: SMTP_URL,
        from: MAIL_FROM,
        connections: NEWSLETTER_SMTP_CONNECTIONS,
      })
    : null;
  let key: Promise<Buffer> | undefined;
  const signingKey = () => {
    key ??= loadSigningKey(app.db);
    // A failed read is not kept: the next call asks the database again.
    key.catch(() => (key = undefined));
    return key;
  };
  app.decorate('newsletter', {
    sender,
    signingKey,
    announce: (videoIds: number[]) => announceEpisodes(app, videoIds),
  });
  defineAnnounceJob(app);
  // After the jobs have stopped (hooks run in reverse, the jobs' was added first): a mailing's
  // mails in flight finish (the delivery hands the rest over as the server closes).
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    sender?.close();
  });
  app.jobs.define(
    DELIVERY_JOB,
    async (job) => {
      if (!sender) throw new Error('mail is not configured (SMTP_URL is not set)');
      await deliverMailing(app, sender, signingKey, job);
    },
    { lockSeconds: DELIVERY_LOCK_SECONDS },
  );
}
