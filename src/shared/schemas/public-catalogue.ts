import { z } from 'zod';
import { apiMessages } from '../messages/api.js';
import { catalogueMessages } from '../messages/catalogue.js';
import { artistSchema, tagSchema, videoSchema } from './catalogue.js';
import { TAG_PAGE_SIZE } from '../public-pages.js';
import { wholeNumberField } from './paging.js';
import { SEARCH_MAX_LENGTH } from '../validation.js';

export { TAG_PAGE_SIZE };

/** The spec's cap on a home row; narrower windows show fewer. */
export const HOME_ROW_VIDEOS = 10;
export const TAG_PAGE_SIZE_MAX = 200;
export const SEARCH_PAGE_SIZE = 40;
export const SEARCH_PAGE_SIZE_MAX = 100;

/** GET /api/home. A category is a layout row: the tag's id, its name as title, its newest videos. */
export const homeCategorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  videos: z.array(videoSchema),
});
export const homeData = z.object({
  /** null only when no public video exists at all. */
  featured_video: videoSchema.nullable(),
  categories: z.array(homeCategorySchema),
});

/** GET /api/videos/{id}. */
export const videoPageData = z.object({
  video: videoSchema,
  suggestedVideos: z.array(videoSchema),
});

/** GET /api/tag/{id}?page=&pageSize= (page counts from 1). */
export const tagPageQuery = z.object({
  page: wholeNumberField('page', 1_000_000).default(1),
  pageSize: wholeNumberField('pageSize', TAG_PAGE_SIZE_MAX).default(TAG_PAGE_SIZE),
});
export const tagPageData = tagSchema.extend({
  videos: z.array(videoSchema),
  /** The artist who owns this tag, for the page's 'View {name}' link. */
  artistId: z.number().int().nullable(),
  /** Videos carrying the tag that the caller may see, across all pages. */
  total: z.number().int(),
});

/**
 * The global search term: trimmed, not empty, at most 100 characters. Control characters (tabs,
 * newlines pasted with the term) become spaces, so they separate words instead of joining them.
 */
export const searchTerm = z
  .string()
  .overwrite((value) => value.replace(/\p{Cc}/gu, ' '))
  .trim()
  .min(1, apiMessages.searchEmpty)
  .max(SEARCH_MAX_LENGTH, catalogueMessages.searchTooLong);
export const searchParams = z.object({ query: searchTerm });
/** GET /api/search/{query}?page=&pageSize=: the videos come a page at a time (page counts from 1). */
export const searchPageQuery = z.object({
  page: wholeNumberField('page', 1_000_000).default(1),
  pageSize: wholeNumberField('pageSize', SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE),
});
export const searchData = z.object({
  /** The best matching artists (at most 20), on every page. */
  artists: z.array(artistSchema),
  /** This page of the matching videos. */
  videos: z.array(videoSchema),
  /** Every match: artistTotal + videoTotal, the count the results page shows. */
  total: z.number().int(),
  artistTotal: z.number().int(),
  videoTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

export type HomeData = z.infer<typeof homeData>;
export type VideoPageData = z.infer<typeof videoPageData>;
export type TagPageData = z.infer<typeof tagPageData>;
export type SearchData = z.infer<typeof searchData>;
