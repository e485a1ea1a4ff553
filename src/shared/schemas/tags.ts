import { z } from 'zod';
import { artistsTagsMessages as am } from '../messages/artists-tags.js';
import { fieldLabels } from '../messages/field-labels.js';
import { tagSchema } from './catalogue.js';
import { idField, requiredText } from './fields.js';
import { acceptingReadShape } from './read-shape.js';

export const TAG_NAME_MAX_LENGTH = 60;
export const LAYOUT_MAX_ROWS = 50;
const TAG_IDS_MAX = 100;

export const tagsQuery = z.object({
  q: z
    .string()
    .trim()
    .max(TAG_NAME_MAX_LENGTH, `q must be at most ${TAG_NAME_MAX_LENGTH} characters`)
    .optional(),
});

export const tagListData = z.object({ tags: z.array(tagSchema) });

/** POST /api/tags: add a tag by name to a video (the editor's "new tag"). */
export const addTagBody = z.strictObject({
  id: idField('id'),
  name: requiredText('name', am.tagNameRequired, TAG_NAME_MAX_LENGTH, fieldLabels.tagName),
});

export const addTagData = z.object({ tag: tagSchema });

/**
 * PUT and DELETE /api/tags: attach or detach existing tags. An empty list is a no-op, since the
 * editor's lists of tags to add or remove are often empty.
 */
export const tagLinksBody = z.strictObject({
  epid: idField('epid'),
  tagid: z
    .array(idField('tagid'), { error: 'tagid must be a list of tag ids' })
    .max(TAG_IDS_MAX, `tagid must list at most ${TAG_IDS_MAX} tag ids`),
});

/** Auto-tag takes no input; an empty object is accepted for clients that always send one. */
export const autotagBody = z.strictObject({}).nullish();

export const autotagData = z.object({ added: z.number().int() });

/** A layout row: a tag id, or the tag as the API reads it ({id, name}; the name is ignored). */
const layoutTag = z.union(
  [
    idField('id'),
    acceptingReadShape({
      fields: { id: idField('id') },
      read: tagSchema,
      ignored: ['name'],
    }).transform((tag) => tag.id),
  ],
  { error: 'id must be a tag id or a tag as {id, name}' },
);

/**
 * PUT /api/tags/featured: the home layout's tags, in order. The layout as GET answers it
 * (`{tags: [{id, name}]}`) is accepted too, `tags` read as `id`.
 */
export const layoutBody = acceptingReadShape({
  fields: {
    id: z
      .array(layoutTag, { error: 'id must be a list of tag ids' })
      .max(LAYOUT_MAX_ROWS, am.layoutTooLong)
      .refine((ids) => new Set(ids).size === ids.length, am.layoutDuplicateTag),
  },
  read: tagListData,
  aliases: { tags: 'id' },
});

export type TagLinksBody = z.input<typeof tagLinksBody>;
export type LayoutBody = z.input<typeof layoutBody>;
