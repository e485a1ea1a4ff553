import type { FastifyInstance } from 'fastify';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import type { JobContext } from '../jobs/job-runner.js';
import {
  claimRecipients,
  findDeliveryMailing,
  finishMailing,
  handOver,
  markRefused,
  markSent,
  markSkipped,
  nextClaimAt,
  pauseWithError,
  releaseClaims,
  type DeliveryMailing,
  type Recipient,
} from './delivery-repository.js';
import { personalise } from './mail-content.js';
import {
  classifySendError,
  unsubscribeMailto,
  type NewsletterSender,
  type SendFailure,
} from './newsletter-sender.js';
import { signUnsubscribe } from './unsubscribe-token.js';
import { unsubscribeUrl } from './unsubscribe-link.js';

export const DELIVERY_JOB = 'newsletter-delivery';

/** A dead runner's mailing is taken again within this: a restart resumes in half a minute. */
export const DELIVERY_LOCK_SECONDS = 30;
/** Longer than any SMTP timeout (smtp-options.ts): a claim this old is no longer in flight. */
export const STALE_CLAIM_SECONDS = 120;
const BATCH = 200;
/** A recipient's 4xx refusals are tried this many times, a minute apart per attempt. */
const MAX_ATTEMPTS = 3;
const RETRY_SECONDS = 60;
/** This many refusals in a row mean the server refuses everything: the mailing pauses. */
const REFUSALS_IN_A_ROW = 50;
/** Runs of the job while the server stays unreachable (backoff 30 s … 1 h), then it pauses. */
export const SERVER_GONE_RUNS = 8;

/** The server could not be reached: the job is run again later. */
class ServerGone extends Error {}
/** The server refuses every message (its sign-in failed): the mailing pauses at once. */
class ServerRefused extends Error {}

/** Hands out start times `1 / rate` apart: the mailing's pace, whatever the pool's speed. */
function createPacer(perSecond: number) {
  const gapMs = 1000 / perSecond;
  let next = performance.now();
  return async () => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + gapMs;
    if (at - now >= 1) await new Promise((resolve) => setTimeout(resolve, at - now));
  };
}

/**
 * A mailing's delivery job: batch after batch of claimed recipients, each mail paced and sent
 * over the kept connections (each marked sent before its final dot), until none is left, the mailing is paused or cancelled (its
 * job_id is no longer this job), or the server is gone (the job is retried with backoff).
 */
export async function deliverMailing(
  app: FastifyInstance,
  sender: NewsletterSender,
  signingKey: () => Promise<Buffer>,
  job: JobContext,
): Promise<void> {
  const { mailingId } = job.payload as { mailingId: number };
  const pace = createPacer(app.config.NEWSLETTER_MAILS_PER_SECOND);
  const key = await signingKey();
  let refusalsInARow = 0;
  for (;;) {
    const mailing = await findDeliveryMailing(app.db, mailingId);
    if (!mailing || mailing.state !== 'sending' || mailing.jobId !== job.id) return;
    const batch = await claimRecipients(app.db, mailingId, BATCH, STALE_CLAIM_SECONDS, null);
    if (batch.length === 0) {
      const next = await nextClaimAt(app.db, mailingId, STALE_CLAIM_SECONDS);
      if (next === null) {
        await finishMailing(app.db, mailingId, job.id, null);
        app.log.info({ mailingId }, 'mailing sent');
        return;
      }
      // Only retries are left, later: a job of their time takes over, and this one ends.
      const followUp = await app.jobs.enqueue(DELIVERY_JOB, { mailingId }, { runAt: next });
      await handOver(app.db, mailingId, job.id, followUp);
      return;
    }
    try {
      refusalsInARow = await sendBatch(app, sender, key, mailing, batch, pace, refusalsInARow);
    } catch (error) {
      if (error instanceof ServerRefused) {
        await pauseWithError(app.db, mailingId, job.id, `${m.mailServerRefused}: ${error.message}`);
        return;
      }
      if (!(error instanceof ServerGone)) throw error;
      if (job.attempt >= SERVER_GONE_RUNS) {
        await pauseWithError(app.db, mailingId, job.id, `${m.mailServerDown}: ${error.message}`);
        return;
      }
      throw error;
    }
    if (refusalsInARow >= REFUSALS_IN_A_ROW) {
      await pauseWithError(app.db, mailingId, job.id, m.mailServerRefused);
      return;
    }
  }
}

/** Sends one claimed batch, the pool's connections all busy; answers the refusals in a row. */
async function sendBatch(
  app: FastifyInstance,
  sender: NewsletterSender,
  key: Buffer,
  mailing: DeliveryMailing,
  batch: Recipient[],
  pace: () => Promise<void>,
  refusalsBefore: number,
): Promise<number> {
  const unsubscribed = batch.filter(
    (recipient) => !recipient.subscribed || recipient.since === null,
  );
  await markSkipped(
    app.db,
    mailing.id,
    unsubscribed.map((recipient) => recipient.userId),
  );
  const queue = batch.filter((recipient) => recipient.subscribed && recipient.since !== null);
  const unfinished = new Set(queue.map((recipient) => recipient.userId));
  let refusalsInARow = refusalsBefore;
  // Set by whichever worker meets a server that is gone or refuses all: the others stop.
  const stop: { failure: SendFailure | null } = { failure: null };
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !stop.failure) {
      const recipient = queue[next++]!;
      await pace();
      if (stop.failure) return;
      const token = signUnsubscribe(key, {
        userId: recipient.userId,
        mailingId: mailing.id,
        since: recipient.since!,
      });
      const url = unsubscribeUrl(app.config.PUBLIC_URL, token);
      const content = personalise(mailing, url);
      // Recorded sent before the message's final dot (see NewsletterSender.send).
      let recorded = false;
      const recordSent = async () => {
        await markSent(app.db, mailing.id, [recipient.userId], null);
        recorded = true;
      };
      try {
        await sender.send(
          {
            to: recipient.email,
            subject: mailing.subject,
            html: content.html,
            text: content.text,
            messageId: `<mailing-${mailing.id}-${recipient.userId}@${new URL(app.config.PUBLIC_URL).hostname}>`,
            unsubscribeUrl: url,
            unsubscribeMailto: unsubscribeMailto(app.config.MAIL_FROM, token),
          },
          recordSent,
        );
        unfinished.delete(recipient.userId);
        refusalsInARow = 0;
      } catch (error) {
        const failure = classifySendError(error);
        if (failure.kind === 'server-gone' || failure.kind === 'server-refused') {
          // Gone after the message was recorded: whether it arrived cannot be known, and a
          // second copy is worse than none, so it stays sent.
          if (recorded) unfinished.delete(recipient.userId);
          stop.failure = failure;
          return;
        }
        unfinished.delete(recipient.userId);
        refusalsInARow++;
        // The claim counted this attempt.
        const retry = failure.kind === 'try-later' && recipient.attempts < MAX_ATTEMPTS;
        await markRefused(
          app.db,
          mailing.id,
          recipient.userId,
          failure.message,
          retry ? RETRY_SECONDS : null,
          null,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: app.config.NEWSLETTER_SMTP_CONNECTIONS }, () => worker()));
  const failure = stop.failure;
  if (failure) {
    await releaseClaims(app.db, mailing.id, [...unfinished]);
    app.log.warn({ mailingId: mailing.id, error: failure.message }, 'mail server unavailable');
    throw failure.kind === 'server-refused'
      ? new ServerRefused(failure.message)
      : new ServerGone(failure.message);
  }
  return refusalsInARow;
}
