import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { VideoCard } from '@client/components/catalogue/video-card.js';
import { useLikedVideos, useRemoveLikedVideo } from '../api/liked-content.js';
import { LikedList } from './liked-list.js';
import { RemoveButton } from './remove-button.js';

export function LikedVideos({ userId }: { userId: number }) {
  const videos = useLikedVideos(userId);
  return (
    <LikedList
      kind="videos"
      query={videos}
      items={videos.data?.pages.flatMap((page) => page.videos) ?? []}
      texts={{
        heading: 'Liked Videos',
        loading: 'Loading liked videos…',
        error: t.likedVideosError,
        empty: t.noLikedVideos,
      }}
      gridClass="video-grid"
      renderItem={(video) => <LikedVideo key={video.id} video={video} userId={userId} />}
    />
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
