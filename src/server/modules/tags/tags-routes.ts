import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiMessages } from '@shared/messages/api.js';
import { artistsTagsMessages as am } from '@shared/messages/artists-tags.js';
import {
  addTagBody,
  addTagData,
  autotagBody,
  autotagData,
  layoutBody,
  tagListData,
  tagLinksBody,
  tagsQuery,
} from '@shared/schemas/tags.js';
import type { Tag } from '@shared/schemas/catalogue.js';
import type { Database } from '@server/db/client.js';
import { notFoundWhenGone } from '@server/lib/constraint-errors.js';
import { notFound } from '@server/lib/http-errors.js';
import { created, ok } from '@server/lib/reply.js';

import { listLayout, replaceLayout } from './layout-repository.js';
import {
  attachTags,
  autotagVideos,
  detachTags,
  findMissingTagIds,
  findOrCreateTag,
  listTags,
  listVideoTags,
  videoExists,
} from './tags-repository.js';
import { answerWithExample, bodyWithExamples, errorResponses } from '@server/lib/route-schema.js';
import { answerCreated } from '@server/lib/answer-created.js';
import { exampleTags, exampleVideo } from '@server/lib/api-examples.js';

const admin = { tags: ['admin', 'tags'] };
/** The home page's rows: category tags, where a video's tags include its artist's. */
const layoutTags: Tag[] = [
  { id: 5, name: 'Live Performances' },
  { id: 9, name: 'Honky-Tonk Nights' },
];
const someTags = (message: string, tags: Tag[] = exampleTags) =>
  answerWithExample(tagListData, { status: 200, data: { tags }, message });
const videoTagLinksBody = bodyWithExamples(tagLinksBody, {
  tags: {
    summary: "The video's id and the tag ids",
    value: { epid: exampleVideo.id, tagid: exampleTags.map((tag) => tag.id) },
  },
});
const videoNotFound = errorResponses({ 404: 'No video has that id.' });
const videoOrTagsNotFound = errorResponses({
  404: 'No video has that id, or some tag ids are unknown (the message lists them).',
});

const tagsNotFound = (ids: number[]) =>
  notFound(`${apiMessages.tagNotFound} Unknown tag ids: ${ids.join(', ')}`);

/** 404 unless the video and every tag exist; both lists name what is missing. */
async function checkVideoAndTags(db: Database, videoId: number, tagIds: number[]): Promise<void> {
  if (!(await videoExists(db, videoId))) throw notFound(apiMessages.videoNotFound);
  const missing = await findMissingTagIds(db, tagIds);
  if (missing.length > 0) throw tagsNotFound(missing);
}

/**
 * The back-office's tags: list, add to a video by name, attach and detach, auto-tag, and the home
 * layout (GET/PUT /api/tags/featured). Administrators only.
 */
export async function tagsRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/tags',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'List tags (?q= for autocomplete)',
        querystring: tagsQuery,
        response: { 200: someTags('OK') },
      },
    },
    async (request) => {
      return ok({ tags: await listTags(app.db, request.query.q || undefined) });
    },
  );

  routes.post(
    '/tags',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'Tag a video by name (an existing tag of that name is reused)',
        body: bodyWithExamples(addTagBody, {
          byName: {
            summary: "The video's id and the tag's name",
            value: { id: exampleVideo.id, name: 'Honky-Tonk Nights' },
          },
        }),
        response: {
          201: answerCreated(
            addTagData,
            { tag: { id: 9, name: 'Honky-Tonk Nights' } },
            am.tagAdded,
          ),
          ...videoNotFound,
        },
      },
    },
    async (request, reply) => {
      const { id, name } = request.body;
      const tag = await notFoundWhenGone(apiMessages.videoNotFound, () =>
        app.db.transaction(async (tx) => {
          if (!(await videoExists(tx, id))) return null;
          const found = await findOrCreateTag(tx, name);
          await attachTags(tx, id, [found.id]);
          return found;
        }),
      );
      if (!tag) throw notFound(apiMessages.videoNotFound);
      return created(reply, { tag }, am.tagAdded);
    },
  );

  routes.put(
    '/tags',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'Attach tags to a video',
        body: videoTagLinksBody,
        response: { 200: someTags(am.tagsAttached), ...videoOrTagsNotFound },
      },
    },
    async (request) => {
      const { epid, tagid } = request.body;
      await checkVideoAndTags(app.db, epid, tagid);
      await notFoundWhenGone(apiMessages.videoNotFound, () => attachTags(app.db, epid, tagid));
      return ok({ tags: await listVideoTags(app.db, epid) }, am.tagsAttached);
    },
  );

  routes.delete(
    '/tags',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: 'Detach tags from a video',
        body: videoTagLinksBody,
        response: { 200: someTags(am.tagsDetached), ...videoOrTagsNotFound },
      },
    },
    async (request) => {
      const { epid, tagid } = request.body;
      await checkVideoAndTags(app.db, epid, tagid);
      await detachTags(app.db, epid, tagid);
      return ok({ tags: await listVideoTags(app.db, epid) }, am.tagsDetached);
    },
  );

  routes.put(
    '/tags/autotag',
    {
      config: { access: 'admin' },
      // The spec's call sends an empty body; some clients label it JSON anyway, which Fastify's
      // parser would refuse, so an empty body counts as no body at all.
      onRequest: async (request) => {
        const { headers } = request.raw;
        const empty = !headers['transfer-encoding'] && (headers['content-length'] ?? '0') === '0';
        if (empty) delete headers['content-type'];
      },
      schema: {
        ...admin,
        summary: "Tag every video that names an artist with the artist's tag",
        body: bodyWithExamples(autotagBody, {
          nothing: { summary: 'No input: no body at all, or an empty object', value: {} },
        }),
        response: {
          200: answerWithExample(autotagData, {
            status: 200,
            data: { added: 12 },
            message: apiMessages.tagsUpdated,
          }),
        },
      },
    },
    async () => ok({ added: await autotagVideos(app.db) }, apiMessages.tagsUpdated),
  );

  routes.get(
    '/tags/featured',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: "The home page's category rows, in order",
        response: { 200: someTags('OK', layoutTags) },
      },
    },
    async () => ok({ tags: await listLayout(app.db) }),
  );

  routes.put(
    '/tags/featured',
    {
      config: { access: 'admin' },
      schema: {
        ...admin,
        summary: "Save the home page's category rows, in order",
        body: bodyWithExamples<typeof layoutBody, z.input<typeof tagListData>>(layoutBody, {
          ids: { summary: 'The tag ids, in order', value: { id: layoutTags.map((tag) => tag.id) } },
          asRead: {
            summary: 'The layout as GET answers it (`tags` is read as `id`)',
            value: { tags: layoutTags },
          },
        }),
        response: {
          200: someTags(apiMessages.layoutUpdated, layoutTags),
          ...errorResponses({
            404: 'Some tag ids are unknown (the message lists them); nothing changed.',
          }),
        },
      },
    },
    async (request) => {
      const result = await replaceLayout(app.db, request.body.id);
      if (!result.ok) throw tagsNotFound(result.missingTagIds);
      return ok({ tags: result.tags }, apiMessages.layoutUpdated);
    },
  );
}
