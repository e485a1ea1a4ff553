import { PageLink } from '@client/components/ui/page-link.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { plural } from '@client/lib/format.js';
import { useSession } from '@client/lib/session.js';
import { MyListButton } from './my-list-button.js';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import './catalogue.css';
import { pageLink } from '@shared/page-paths.js';

/**
 * Written out rather than through Intl.DateTimeFormat: the first Intl formatter a page makes
 * loads the browser's locale data, ~80 ms of a phone's main thread while the app takes the page
 * over. UTC, so the date is the same wherever the page is rendered (server or any visitor's zone).
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Mar 5, 2024", as en-US writes a date with a short month; null for a date that is not one. */
export function publishedOn(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/**
 * A video's view count; null when an answer has none (a test's video, a cached page from before
 * view counts), so no card says "0 views" about a video it knows nothing of.
 */
export function viewCount(video: Video): number | null {
  return typeof video.view_count === 'number' ? video.view_count : null;
}

/**
 * A video in any list: its thumbnail, title, and a line of details (episode, date, views, likes). The
 * link is named by all of its text, title first: a name that holds what the card shows lets
 * speech users say what they see (WCAG 2.5.3, Label in Name).
 */
export function VideoCard({ video, eager = false }: { video: Video; eager?: boolean }) {
  const session = useSession();
  const published = publishedOn(video.published_at);
  const card = (
    <PageLink to={pageLink.video(video.id)} className="video-card">
      <VideoThumbnail
        className="video-card__thumb"
        video={video}
        width={320}
        loading={eager ? 'eager' : 'lazy'}
      />
      <span className="video-card__title">{video.title}</span>{' '}
      {/* Spaces between the details, so they are read as words; the dots between them are drawn. */}
      <span className="video-card__details">
        <span className="video-card__when">
          {video.episode_number !== null && (
            <span>
              <abbr title="Episode">Ep.</abbr> {video.episode_number}
            </span>
          )}{' '}
          {published && <time dateTime={video.published_at}>{published}</time>}
        </span>{' '}
        {viewCount(video) === null ? (
          <span>{plural(video.like_count, 'like', 'likes')}</span>
        ) : (
          <span className="video-card__when">
            <span>{w.views(viewCount(video)!)}</span>{' '}
            <span>{plural(video.like_count, 'like', 'likes')}</span>
          </span>
        )}
      </span>
    </PageLink>
  );
  // A signed-in fan's cards carry My List's toggle over the thumbnail, beside the link (a
  // button may not be inside one). Visitors' cards, the ones pages are cached with, stay links.
  if (!session) return card;
  return (
    <div className="video-card-frame">
      {card}
      <MyListButton video={video} compact />
    </div>
  );
}

/** Videos as a grid of cards (the category, search and artist pages). */
export function VideoGrid({ videos }: { videos: readonly Video[] }) {
  return (
    <ul className="video-grid">
      {videos.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A video's picture, decorative (its title is beside it), 16:9 at the given width so its room is
 * kept before it arrives. `high`: the page's largest image, fetched at once.
 */
export function VideoThumbnail({
  video,
  className,
  width,
  loading = 'lazy',
  high = false,
}: {
  video: Pick<Video, 'thumbnail'>;
  className: string;
  width: number;
  loading?: 'lazy' | 'eager';
  high?: boolean;
}) {
  return (
    <img
      className={className}
      src={video.thumbnail}
      alt=""
      width={width}
      height={(width * 9) / 16}
      loading={loading}
      {...(high ? { fetchPriority: 'high' as const } : {})}
      decoding="async"
    />
  );
}
