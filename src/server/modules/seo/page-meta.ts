import { fillSeoText, seoMessages } from '@shared/messages/seo.js';
import type { Video } from '@shared/schemas/catalogue.js';
import type { VideoPageData } from '@shared/schemas/public-catalogue.js';
import { idOfSegment, isSitePath, matchPage, pageLink } from '@shared/page-paths.js';
import { publicPage, type PageName } from '@shared/public-pages.js';
import type { ApiAnswer } from '@shared/server-render.js';
import type { Database } from '@server/db/client.js';
import { findArtistById } from '../artists/artists-repository.js';
import { findTagWithArtist, listTagVideos } from '../tags/tag-page-repository.js';
import { toVideo } from '../videos/video-json.js';
import { previewText, type PageMeta } from './head-tags.js';
import { absoluteUrl, youtubeEmbedUrl, type Site } from './site-urls.js';

/** The page every other path gets, and private or unknown ids: the brand and the site's line. */
export function plainPageMeta(site: Site): PageMeta {
  return { title: site.brand, description: seoMessages.siteDescription };
}

/** The head tags of a page path, and whether the path names a page a visitor may see. */
export interface DescribedPage {
  meta: PageMeta;
  /** False for a path no page lives at, and for an unknown, malformed or private id: a 404. */
  found: boolean;
}

/** A page that is not there: the plain head, kept out of search engines. */
function missingPage(site: Site): DescribedPage {
  return { meta: { ...plainPageMeta(site), noindex: true }, found: false };
}

/** What a page's head is made from. */
interface HeadSource {
  db: Database;
  site: Site;
  /** The path's parameters, not decoded. */
  params: Record<string, string>;
  /** The id of the row the page is about (pages with a subject). */
  id: number;
  /** The data its first API read answered, already parsed (pages with a first read). */
  data: unknown;
}

/**
 * Each public page's head tags, by its name in PUBLIC_PAGES; null when its subject is not there
 * for a visitor. A page not listed gets the plain head.
 */
const PAGE_HEADS: Partial<
  Record<PageName, (source: HeadSource) => PageMeta | null | Promise<PageMeta | null>>
> = {
  home: ({ site }) => homeMeta(site),
  video: ({ site, data }) => videoMeta(site, (data as VideoPageData | undefined)?.video ?? null),
  artist: ({ db, site, id }) => artistMeta(db, site, id),
  category: ({ db, site, id }) => categoryMeta(db, site, id),
  search: ({ site, params }) => searchMeta(site, params.query),
  about: ({ site }) => staticMeta(site, 'about'),
  privacy: ({ site }) => staticMeta(site, 'privacy'),
};

/**
 * The head tags for a page path, and whether a visitor may see a page there: the one place a
 * page is found or not. Not found: a path no page lives at, a subject's id no row can have, a
 * first read that found nothing (`first`, the answer the render read, or one asked for the
 * purpose), a subject a visitor may not see. Only what a visitor may see is described: a private
 * video, like an unknown id, gets the plain page, so its title never reaches a preview.
 */
export async function describePage(
  db: Database,
  site: Site,
  path: string,
  first?: ApiAnswer,
): Promise<DescribedPage> {
  const found = matchPage(path);
  // The back-office's paths: the plain head; a path no page lives at: a 404.
  if (!found)
    return isSitePath(path) ? { meta: plainPageMeta(site), found: true } : missingPage(site);
  const { page, params } = found;
  const { subject, firstRead } = publicPage(page);
  const id = idOfSegment(params.id) ?? 0;
  if (subject && id === 0) return missingPage(site);
  if (firstRead && first && first.status !== 200) return missingPage(site);
  const head = PAGE_HEADS[page];
  const meta = head
    ? await head({ db, site, params, id, data: first?.envelope.data })
    : plainPageMeta(site);
  return meta ? { meta, found: true } : missingPage(site);
}

const STATIC_DESCRIPTIONS = {
  about: seoMessages.aboutDescription,
  privacy: seoMessages.privacyDescription,
} as const;

/** About and privacy: a description of their own, and their address without a trailing slash. */
function staticMeta(site: Site, page: keyof typeof STATIC_DESCRIPTIONS): PageMeta {
  return {
    ...plainPageMeta(site),
    description: fillSeoText(STATIC_DESCRIPTIONS[page], { name: '', brand: site.brand }),
    url: absoluteUrl(site, pageLink[page]),
  };
}

/** A search: a description naming its words (the page renders its own title). */
function searchMeta(site: Site, segment = ''): PageMeta {
  let words: string;
  try {
    words = decodeURIComponent(segment);
  } catch {
    return plainPageMeta(site); // A malformed escape: the plain page.
  }
  return {
    ...plainPageMeta(site),
    description: fillSeoText(seoMessages.searchDescription, { name: words, brand: site.brand }),
  };
}

function homeMeta(site: Site): PageMeta {
  return {
    ...plainPageMeta(site),
    url: absoluteUrl(site, pageLink.home),
    preview: { type: 'website', title: site.brand, siteName: site.brand },
  };
}

const titled = (site: Site, name: string) => `${name} | ${site.brand}`;

/**
 * A page about one thing (a video, an artist, a category): its name titles the page and its
 * preview, with the thing's picture where it has one.
 */
function subjectMeta(
  site: Site,
  subject: {
    name: string;
    description: string;
    path: string;
    type: NonNullable<PageMeta['preview']>['type'];
    image?: string | null;
  },
): PageMeta & { url: string; preview: NonNullable<PageMeta['preview']> } {
  return {
    title: titled(site, subject.name),
    description: subject.description,
    url: absoluteUrl(site, subject.path),
    preview: {
      type: subject.type,
      title: subject.name,
      siteName: site.brand,
      ...(subject.image ? { image: absoluteUrl(site, subject.image) } : {}),
    },
  };
}

function videoMeta(site: Site, video: Video | null): PageMeta | null {
  if (!video) return null;
  const embed = youtubeEmbedUrl(video.youtube_id);
  const description =
    previewText(video.description) ||
    fillSeoText(seoMessages.videoDescription, { name: video.title, brand: site.brand });
  const meta = subjectMeta(site, {
    name: video.title,
    description,
    path: pageLink.video(video.id),
    type: 'video.other',
    image: video.thumbnail,
  });
  return {
    ...meta,
    preview: { ...meta.preview, video: embed },
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: video.title,
      description,
      thumbnailUrl: [absoluteUrl(site, video.thumbnail)],
      uploadDate: video.published_at,
      embedUrl: embed,
      contentUrl: video.youtube_url,
      url: meta.url,
    },
  };
}

async function artistMeta(db: Database, site: Site, id: number): Promise<PageMeta | null> {
  const artist = await findArtistById(db, id);
  if (!artist) return null;
  return subjectMeta(site, {
    name: artist.name,
    description:
      previewText(artist.description) ||
      fillSeoText(seoMessages.artistDescription, { name: artist.name, brand: site.brand }),
    path: pageLink.artist(artist.id),
    type: 'profile',
    image: artist.imageUrl,
  });
}

async function categoryMeta(db: Database, site: Site, id: number): Promise<PageMeta | null> {
  const tag = await findTagWithArtist(db, id);
  if (!tag) return null;
  // The newest public video's thumbnail pictures the category; private ones are never shown.
  const { rows } = await listTagVideos(db, {
    tagId: id,
    includePrivate: false,
    limit: 1,
    offset: 0,
  });
  return subjectMeta(site, {
    name: tag.name,
    description: fillSeoText(seoMessages.categoryDescription, {
      name: tag.name,
      brand: site.brand,
    }),
    path: pageLink.category(tag.id),
    type: 'website',
    image: rows[0] ? toVideo(rows[0], []).thumbnail : null,
  });
}
