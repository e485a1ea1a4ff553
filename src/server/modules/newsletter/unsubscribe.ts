import type { FastifyInstance } from 'fastify';
import { newsletterMessages as m } from '@shared/messages/newsletter.js';
import type { UnsubscribeState } from '@shared/schemas/newsletter.js';
import { badRequest, conflict, notFound } from '@server/lib/http-errors.js';
import { findSubscription, unsubscribe } from './subscribers-repository.js';
import { readUnsubscribe, type UnsubscribeClaim } from './unsubscribe-token.js';

/** d•••@example.com: enough for its owner to know it is theirs, little for anyone else. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export async function claimOf(app: FastifyInstance, token: string): Promise<UnsubscribeClaim> {
  const claim = readUnsubscribe(await app.newsletter.signingKey(), token);
  if (!claim) throw badRequest(m.tokenInvalid);
  return claim;
}

/** Where a link's subscriber stands, changing nothing: the page shows it before the click. */
export async function unsubscribeStateOf(
  app: FastifyInstance,
  token: string,
): Promise<UnsubscribeState> {
  const claim = await claimOf(app, token);
  const subscription = await findSubscription(app.db, claim.userId);
  if (!subscription) throw notFound(m.accountGone);
  if (subscription.since !== null && subscription.since !== claim.since) {
    throw conflict(m.tokenReplayed);
  }
  return { email: maskEmail(subscription.email), subscribed: subscription.since !== null };
}

/**
 * Unsubscribes a link's subscriber. The same link again answers that they already are; a link
 * signed before they subscribed again is refused (409), so an old mail cannot undo a new choice.
 */
export async function unsubscribeWith(
  app: FastifyInstance,
  token: string,
  via: string,
): Promise<{ state: UnsubscribeState; message: string }> {
  const claim = await claimOf(app, token);
  const outcome = await unsubscribe(app.db, claim, via);
  if (outcome.kind === 'gone') throw notFound(m.accountGone);
  if (outcome.kind === 'replayed') throw conflict(m.tokenReplayed);
  return {
    state: { email: maskEmail(outcome.email), subscribed: false },
    message: outcome.kind === 'unsubscribed' ? m.unsubscribed : m.alreadyUnsubscribed,
  };
}
