import { z } from 'zod';
import { apiMessages } from '../messages/api.js';
import { artistsTagsMessages as am } from '../messages/artists-tags.js';
import { fieldLabels as label } from '../messages/field-labels.js';
import { validationMessages as m } from '../messages/validation.js';
import { ARTIST_SEARCH_MAX_LENGTH, ARTIST_SEARCH_MIN_LENGTH } from '../validation.js';
import { artistSchema, videoSchema } from './catalogue.js';
import { flagField, idField, requiredText } from './fields.js';
import { pagedList, wholeNumberField } from './paging.js';
import { acceptingReadShape } from './read-shape.js';

export const ARTIST_NAME_MAX_LENGTH = 100;
export const ARTIST_DESCRIPTION_MAX_LENGTH = 5000;
export const ARTIST_IMAGE_MAX_LENGTH = 2000;
export const ADMIN_ARTISTS_MAX_PAGE_SIZE = 100;

/**
 * An image address the pages can show safely: http(s), or a path on this site (the demo catalogue's
 * artwork lives under /media/...). Anything else (javascript:, data:, //host) is refused.
 */
export function isArtistImagePath(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const artistPhraseParams = z.object({
  text: z
    .string()
    .trim()
    .min(ARTIST_SEARCH_MIN_LENGTH, apiMessages.artistSearchTooShort)
    .max(ARTIST_SEARCH_MAX_LENGTH, `text must be at most ${ARTIST_SEARCH_MAX_LENGTH} characters`),
});

export const artistLetterParams = z.object({
  letter: z
    .string()
    .regex(/^[A-Za-z]$/, am.artistLetterInvalid)
    .transform((letter) => letter.toLowerCase()),
});

export const artistListData = z.object({ artists: z.array(artistSchema) });
export type ArtistList = z.infer<typeof artistListData>;

export const artistDetailData = z.object({
  artist: artistSchema,
  videos: z.array(videoSchema),
  tagid: z.number().int(),
});

export const adminArtistsQuery = z.object({
  q: z.string().trim().max(100, 'q must be at most 100 characters').optional(),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(1_000_000, 'page is out of range')
    .default(1),
  pageSize: wholeNumberField(
    'pageSize',
    ADMIN_ARTISTS_MAX_PAGE_SIZE,
    `pageSize must be between 1 and ${ADMIN_ARTISTS_MAX_PAGE_SIZE}`,
  ).default(25),
});

export const adminArtistsData = pagedList('artists', artistSchema);

// null is the form's "no image"; it is stored as ''.
const imagePathField = z
  .string({ error: 'img_path must be a string' })
  .trim()
  .max(
    ARTIST_IMAGE_MAX_LENGTH,
    `${label.imageUrl} must be at most ${ARTIST_IMAGE_MAX_LENGTH} characters`,
  )
  .refine(isArtistImagePath, am.imagePathInvalid)
  .nullable()
  .transform((value) => value ?? '');

const artistFields = {
  name: requiredText('name', m.artistFillAll, ARTIST_NAME_MAX_LENGTH, label.artistName),
  description: requiredText(
    'description',
    m.artistFillAll,
    ARTIST_DESCRIPTION_MAX_LENGTH,
    label.artistDescription,
  ),
};

// The artist as the API reads it is accepted back: `image` is read as `img_path`, and the counts
// and the artist's own tag are ignored (renaming the artist renames its tag).
const ignoredArtistFields = ['tagid', 'like_count', 'isLiked'] as const;

/**
 * POST /api/admin/artists: the New Artist form. The spec's new artist carries `id: -1`: ids are
 * ignored here, the database gives the new one.
 */
export const createArtistBody = acceptingReadShape({
  fields: {
    ...artistFields,
    img_path: imagePathField.default(''),
    featured: flagField('featured').default(false),
  },
  read: artistSchema,
  aliases: { image: 'img_path' },
  ignored: ['id', 'artistid', ...ignoredArtistFields],
});

/** PUT /api/admin/artists: the Edit Artist form; an omitted image or featured flag stays as it is. */
export const updateArtistBody = acceptingReadShape({
  fields: {
    id: idField('id'),
    ...artistFields,
    img_path: imagePathField.optional(),
    featured: flagField('featured').optional(),
  },
  read: artistSchema,
  aliases: { artistid: 'id', image: 'img_path' },
  ignored: ignoredArtistFields,
});

export const deleteArtistBody = z.strictObject({ id: idField('id') });

export type CreateArtistBody = z.input<typeof createArtistBody>;
export type UpdateArtistBody = z.input<typeof updateArtistBody>;
export type ArtistDetailData = z.infer<typeof artistDetailData>;
