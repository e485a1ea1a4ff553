import type { Video } from '@shared/schemas/catalogue.js';
import { VideoCard } from '@client/components/catalogue/video-card.js';

/** The Suggested Videos list beside the player (below it on narrow screens). */
export function SuggestedVideos({ videos }: { videos: Video[] }) {
  if (videos.length === 0) return null;
  return (
    <aside className="suggested" aria-labelledby="suggested-title">
      <h2 id="suggested-title" className="suggested__title">
        Suggested Videos
      </h2>
      <ul className="suggested__list">
        {videos.map((video) => (
          <li key={video.id} className="suggested__item">
            <VideoCard video={video} />
          </li>
        ))}
      </ul>
    </aside>
  );
}
