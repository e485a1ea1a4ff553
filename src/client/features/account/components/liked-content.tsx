import { LikedArtists } from './liked-artists.js';
import { LikedVideos } from './liked-videos.js';

export function LikedContent({ userId }: { userId: number }) {
  return (
    <section className="account-area" aria-labelledby="liked-content-heading">
      <h2 id="liked-content-heading">Liked Content</h2>
      <LikedArtists userId={userId} />
      <LikedVideos userId={userId} />
    </section>
  );
}
