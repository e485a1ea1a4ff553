import type { FastifyInstance, FastifyReply } from 'fastify';
import { channelsMessages } from '@shared/messages/channels.js';
import { CHANNEL_ID_PATTERN, isYoutubeId } from '@shared/schemas/youtube-url.js';
import { verifyHubChallenge, verifyHubSignature, youtubeTopicUrl } from '../youtube/websub.js';
import { findChannelByYoutubeId, updateChannel } from './channels-repository.js';
import { PUSH_IMPORT_JOB } from './channel-sync-schedule.js';
import { isOurCallback, PUSH_LEASE_MAX_SECONDS } from './push-subscriptions.js';

/** An Atom notification names a video or two; a megabyte is far more than any. */
const BODY_LIMIT = 1024 * 1024;
const ATOM_TYPES = ['application/atom+xml', 'application/xml', 'text/xml'];

const answer = (reply: FastifyReply, status: number, message: string) =>
  reply
    .code(status)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ status, data: null, message });

/**
 * GET and POST /websub/youtube/{channelId}: the callback YouTube's hub (WebSub) calls. The GET
 * verifies an intent Twang asked for and answers the challenge; the POST brings a signed Atom
 * notification of an upload, whose import is queued as a job so the hub is answered at once.
 * Outside /api: no client calls it, and the hub speaks WebSub, not the API's envelope.
 */
export async function websubRoutes(app: FastifyInstance): Promise<void> {
  // The signature is over the bytes as sent, so the body stays a Buffer.
  app.addContentTypeParser(
    ATOM_TYPES,
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );

  app.get<{ Params: { channelId: string } }>(
    '/websub/youtube/:channelId',
    { schema: { hide: true } },
    async (request, reply) => {
      const { channelId } = request.params;
      const channel = CHANNEL_ID_PATTERN.test(channelId)
        ? await findChannelByYoutubeId(app.db, channelId)
        : undefined;
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      // WebSub §5.3: a subscriber that did not ask answers 404, so a forged GET subscribes no
      // one; `v` (from the secret) shows the hub is answering a request of ours.
      if (!channel || !isOurCallback(channel.pushSecret, query.get('v'))) {
        return answer(reply, 404, channelsMessages.websubUnknownChannel);
      }
      const topic = youtubeTopicUrl(channelId);
      if (query.get('hub.mode') === 'denied') {
        if (channel.push && query.get('hub.topic') === topic) {
          await updateChannel(app.db, channel.id, { pushState: 'failed' });
        }
        return reply.code(200).header('cache-control', 'no-store').send('');
      }
      const wanted = channel.push && !channel.paused ? 'subscribe' : 'unsubscribe';
      const verdict = verifyHubChallenge(query, { mode: wanted, topic });
      const lease = verdict.ok ? verdict.leaseSeconds : null;
      if (!verdict.ok || (verdict.mode === 'subscribe' && !lease)) {
        request.log.warn(
          { reason: verdict.ok ? 'no lease' : verdict.reason, channelId },
          'WebSub verification refused',
        );
        return answer(reply, 404, channelsMessages.websubUnknownChannel);
      }
      if (verdict.mode === 'subscribe') {
        const seconds = Math.min(lease!, PUSH_LEASE_MAX_SECONDS);
        await updateChannel(app.db, channel.id, {
          pushState: 'active',
          pushLeaseUntil: new Date(app.clock().getTime() + seconds * 1000),
        });
      }
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(verdict.challenge);
    },
  );

  app.post<{ Params: { channelId: string } }>(
    '/websub/youtube/:channelId',
    { schema: { hide: true }, bodyLimit: BODY_LIMIT },
    async (request, reply) => {
      const { channelId } = request.params;
      const channel = CHANNEL_ID_PATTERN.test(channelId)
        ? await findChannelByYoutubeId(app.db, channelId)
        : undefined;
      if (!channel?.push || !channel.pushSecret) {
        return answer(reply, 404, channelsMessages.websubUnknownChannel);
      }
      const body = Buffer.isBuffer(request.body) ? request.body : null;
      if (!body) return answer(reply, 415, channelsMessages.websubNotAtom);
      const signature = verifyHubSignature(
        body,
        request.headers['x-hub-signature'] as string | undefined,
        channel.pushSecret,
      );
      // WebSub §8: a notification whose signature is missing or wrong is acknowledged (2xx)
      // and dropped, so a forger learns nothing; it changes nothing here.
      if (signature !== 'valid') {
        request.log.warn({ channelId, signature }, 'WebSub notification dropped: bad signature');
        return reply.code(202).header('cache-control', 'no-store').send('');
      }
      // Loaded on the first notification: the XML parser is not needed to start.
      const { parseYoutubeNotification, PushFeedError } =
        await import('../youtube/youtube-push-feed.js');
      let videoIds: string[];
      try {
        const notification = parseYoutubeNotification(body);
        // Deletions are left to the administrators: a video removed on YouTube may be re-uploaded.
        videoIds = notification.added
          .filter((video) => video.channelId === channelId && isYoutubeId(video.videoId))
          .map((video) => video.videoId);
      } catch (error) {
        if (error instanceof PushFeedError)
          return answer(reply, 400, channelsMessages.websubNotAtom);
        throw error;
      }
      if (videoIds.length > 0 && !channel.paused) {
        await app.jobs.enqueue(PUSH_IMPORT_JOB, { channelId, videoIds: videoIds.slice(0, 50) });
      }
      return reply.code(202).header('cache-control', 'no-store').send('');
    },
  );
}
