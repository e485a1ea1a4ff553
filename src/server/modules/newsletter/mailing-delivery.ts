import type { FastifyInstance } from 'fastify';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import { safeMessage } from '@server/lib/safe-errors.js';
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
import { DELIVERY_ATTEMPTS } from './mailings-repository.js';
import { mailingBodies } from './mail-bodies.js';
import { createPacer } from './mail-pacer.js';
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
/** A recipient's 4xx refusals are tried this many times: 5 and then 15 minutes later. */
const MAX_ATTEMPTS = 3;
const RETRY_SECONDS = [300, 900] as const;

/** This many refusals in a row mean the server refuses everything: the mailing pauses. */
const REFUSALS_IN_A_ROW = 50;
/** Runs of the job while the server stays unreachable (backoff 30 s … 1 h), then it pauses. */
export const SERVER_GONE_RUNS = 8;

/** The server could not be reached: the job is run again later. */
class ServerGone extends Error {}
/**
 * The recipient's claim is no longer this job's (the mailing was paused, resumed or cancelled, or
 * another run took the claim over): the message is abandoned before its final dot.
 */
class FencedOut extends Error {}
/** The server refuses every message (its sign-in failed): the mailing pauses at once. */
class ServerRefused extends Error {}

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
  const { NEWSLETTER_MAILS_PER_SECOND, NEWSLETTER_BUSY_MAILS_PER_SECOND } = app.config;
  // Nobody waits for a given mail: while fans' requests need the CPU, the mailing gives it up.
  const pace = createPacer(() =>
    app.siteBusy()
      ? Math.min(NEWSLETTER_BUSY_MAILS_PER_SECOND, NEWSLETTER_MAILS_PER_SECOND)
      : NEWSLETTER_MAILS_PER_SECOND,
  );
  const key = await signingKey();
  let refusalsInARow = 0;
  /** A job of the same mailing takes over, at `runAt`, and this one ends. */
  const handOverAt = async (runAt: Date) => {
    const followUp = await app.jobs.enqueue(
      DELIVERY_JOB,
      { mailingId },
      { runAt, maxAttempts: DELIVERY_ATTEMPTS },
    );
    await handOver(app.db, mailingId, job.id, followUp);
  };
  for (;;) {
    const mailing = await findDeliveryMailing(app.db, mailingId);
    if (!mailing || mailing.state !== 'sending' || mailing.jobId !== job.id) return;
    // Shutting down: the rest goes to a job that another instance, or this one restarted,
    // takes at once, rather than a batch cut off by the exit.
    if (app.closing()) {
      await handOverAt(new Date());
      return;
    }
    const batch = await claimRecipients(app.db, mailingId, BATCH, STALE_CLAIM_SECONDS, null);
    if (batch.length === 0) {
      const next = await nextClaimAt(app.db, mailingId, STALE_CLAIM_SECONDS);
      if (next === null) {
        await finishMailing(app.db, mailingId, job.id, null);
        app.log.info({ mailingId }, 'mailing sent');
        return;
      }
      // Only retries are left, later: a job of their time takes over.
      await handOverAt(next);
      return;
    }
    let result: number | 'fenced';
    try {
      result = await sendBatch(app, sender, key, mailing, job.id, batch, pace, refusalsInARow);
    } catch (error) {
      if (error instanceof ServerRefused) {
        await pauseWithError(app.db, mailingId, job.id, `${m.mailServerRefused}: ${error.message}`);
        return;
      }
      // Whatever keeps failing (the mail server, the database) pauses the mailing with its
      // reason before the runner gives the job up, so it never stays "sending" with no job.
      if (job.attempt >= SERVER_GONE_RUNS) {
        const reason = error instanceof ServerGone ? m.mailServerDown : m.mailingFailed;
        await pauseWithError(app.db, mailingId, job.id, `${reason}: ${safeMessage(error)}`);
        return;
      }
      throw error;
    }
    // Paused, resumed or cancelled meanwhile: this job is no longer the mailing's.
    if (result === 'fenced') return;
    refusalsInARow = result;
    if (refusalsInARow >= REFUSALS_IN_A_ROW) {
      await pauseWithError(app.db, mailingId, job.id, m.mailServerRefused);
      return;
    }
  }
}

/**
 * Sends one claimed batch, the pool's connections all busy; answers the refusals in a row. Stops
 * taking mails when the server begins to shut down (a busy site's pace makes a batch outlast
 * the shutdown's grace): the mails not begun are given back.
 */
async function sendBatch(
  app: FastifyInstance,
  sender: NewsletterSender,
  key: Buffer,
  mailing: DeliveryMailing,
  jobId: number,
  batch: Recipient[],
  pace: () => Promise<void>,
  refusalsBefore: number,
): Promise<number | 'fenced'> {
  const unsubscribed = batch.filter(
    (recipient) => !recipient.subscribed || recipient.since === null,
  );
  await markSkipped(
    app.db,
    mailing.id,
    unsubscribed.map((recipient) => recipient.userId),
  );
  const queue = batch.filter((recipient) => recipient.subscribed && recipient.since !== null);
  const bodies = mailingBodies(mailing);
  const host = new URL(app.config.PUBLIC_URL).hostname;
  const unfinished = new Set(queue.map((recipient) => recipient.userId));
  let refusalsInARow = refusalsBefore;
  // Set by whichever worker meets a server that is gone or refuses all, or finds the mailing no
  // longer this job's: the others stop.
  const stop: { failure: SendFailure | null; fenced: boolean } = { failure: null, fenced: false };
  let next = 0;
  const worker = async () => {
    while (next < queue.length && !stop.failure && !stop.fenced) {
      const recipient = queue[next++]!;
      await pace();
      if (stop.failure || stop.fenced) return;
      // Not begun: it stays unfinished, and is given back below.
      if (app.closing()) return;
      const token = signUnsubscribe(key, {
        userId: recipient.userId,
        mailingId: mailing.id,
        since: recipient.since!,
      });
      const url = unsubscribeUrl(app.config.PUBLIC_URL, token);
      const content = bodies(url);
      // Recorded sent before the message's final dot (see NewsletterSender.send), only while
      // the claim and the mailing are still this job's: else the message is abandoned.
      let recorded = false;
      let fenced = false;
      let recordFailure: unknown = null;
      const recordSent = async () => {
        try {
          recorded = await markSent(app.db, {
            mailingId: mailing.id,
            userId: recipient.userId,
            attempts: recipient.attempts,
            jobId,
          });
        } catch (error) {
          recordFailure = error;
          throw error;
        }
        if (!recorded) {
          fenced = true;
          throw new FencedOut('this mailing is no longer this job’s');
        }
      };
      try {
        await sender.send(
          {
            to: recipient.email,
            subject: mailing.subject,
            html: content.html,
            text: content.text,
            messageId: `<mailing-${mailing.id}-${recipient.userId}@${host}>`,
            unsubscribeUrl: url,
            unsubscribeMailto: unsubscribeMailto(app.config.MAIL_FROM, token),
          },
          recordSent,
        );
        unfinished.delete(recipient.userId);
        refusalsInARow = 0;
      } catch (error) {
        if (fenced) {
          stop.fenced = true;
          return;
        }
        // The database failed while recording: the message was abandoned; its claim is given back.
        if (recordFailure !== null) {
          stop.failure = { kind: 'server-gone', message: safeMessage(recordFailure) };
          return;
        }
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
          retry ? RETRY_SECONDS[recipient.attempts - 1]! : null,
          recipient.attempts,
        );
      }
    }
  };
  await Promise.all(Array.from({ length: app.config.NEWSLETTER_SMTP_CONNECTIONS }, () => worker()));
  const unsent = queue.filter((recipient) => unfinished.has(recipient.userId));
  if (stop.fenced) {
    // Paused: the next job takes them at once (cancelled ones are skipped already).
    await releaseClaims(app.db, mailing.id, unsent);
    return 'fenced';
  }
  const failure = stop.failure;
  if (failure) {
    await releaseClaims(app.db, mailing.id, unsent);
    app.log.warn({ mailingId: mailing.id, error: failure.message }, 'mail server unavailable');
    throw failure.kind === 'server-refused'
      ? new ServerRefused(failure.message)
      : new ServerGone(failure.message);
  }
  // Closing: the next turn of deliverMailing's loop hands the mailing over.
  if (app.closing()) await releaseClaims(app.db, mailing.id, unsent);
  return refusalsInARow;
}
