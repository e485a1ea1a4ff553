import { fillSeoText, seoMessages } from '@shared/messages/seo.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { idOfSegment, isSitePath, matchPage, pageLink } from '@shared/page-paths.js';
import type { Database } from '@server/db/client.js';
import { findArtistById } from '../artists/artists-repository.js';
import { findTagWithArtist, listTagVideos } from '../tags/tag-page-repository.js';
import { toVideo } from '../videos/video-presenter.js';
import { findVideoById } from '../videos/videos-repository.js';
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

/**
 * The head tags for a page path. Only what a visitor may see is described: a private video,
 * like an unknown id, gets the plain page, so its title never reaches a preview.
 */
/**
 * Where a page's subject is read from. By default the database; the server render passes the
 * page cache, which holds the very page it renders, so describing it costs no query.
 */
export interface PageSubjects {
  /** A public video as the API presents it, or null when visitors cannot see it. */
  video?: (id: number) => Promise<Video | null>;
}

export async function describePage(
  db: Database,
  site: Site,
  path: string,
  subjects: PageSubjects = {},
): Promise<DescribedPage> {
  const found = matchPage(path);
  // The back-office's paths: the plain head; a path no page lives at: a 404.
  if (!found)
    return isSitePath(path) ? { meta: plainPageMeta(site), found: true } : missingPage(site);
  const { page, params } = found;
  if (page === 'home') return { meta: homeMeta(site), found: true };
  if (page === 'about' || page === 'privacy') {
    return { meta: staticMeta(site, page), found: true };
  }
  if (page === 'search') return { meta: searchMeta(site, params.query), found: true };
  if (page !== 'video' && page !== 'artist' && page !== 'category') {
    return { meta: plainPageMeta(site), found: true };
  }
  const id = idOfSegment(params.id);
  if (id === null) return missingPage(site);
  const meta =
    page === 'video'
      ? videoMeta(site, await (subjects.video?.(id) ?? findVideo(db, id)))
      : page === 'artist'
        ? await artistMeta(db, site, id)
        : await categoryMeta(db, site, id);
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

async function findVideo(db: Database, id: number): Promise<Video | null> {
  const row = await findVideoById(db, id);
  return row?.isPublic ? toVideo(row, []) : null;
}

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
