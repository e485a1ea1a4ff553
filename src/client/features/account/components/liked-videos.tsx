import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { VideoCard } from '@client/components/catalogue/video-card.js';
import { LoadMore } from '@client/components/ui/load-more.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useLikedVideos, useRemoveLikedVideo } from '../api/liked-content.js';
import { RemoveButton } from './remove-button.js';

export function LikedVideos({ userId }: { userId: number }) {
  const videos = useLikedVideos(userId);
  const loaded = videos.data?.pages.flatMap((page) => page.videos) ?? [];
  return (
    <section className="account-liked" aria-labelledby="liked-videos-heading">
      <h3 id="liked-videos-heading">Liked Videos</h3>
      <QueryView
        query={videos}
        loading={{ label: 'Loading liked videos…' }}
        error={t.likedVideosError}
      >
        {() =>
          loaded.length === 0 ? (
            <p className="account-liked__empty">{t.noLikedVideos}</p>
          ) : (
            <ul className="video-grid">
              {loaded.map((video) => (
                <LikedVideo key={video.id} video={video} userId={userId} />
              ))}
            </ul>
          )
        }
      </QueryView>
      <LoadMore query={videos} errorMessage={t.likedVideosError} block="account-liked" />
    </section>
  );
}

function LikedVideo({ video, userId }: { video: Video; userId: number }) {
  const remove = useRemoveLikedVideo(userId);
  return (
    <li className="account-liked__item">
      <VideoCard video={video} />
      <RemoveButton
        name={video.title}
        pending={remove.isPending}
        onClick={() => remove.mutate(video.id)}
      />
    </li>
  );
}
