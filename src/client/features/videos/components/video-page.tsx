import { useEffect } from 'react';
import { useParams } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { PageError } from '@client/components/site/page-error.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { useVideo } from '../api/get-video.js';
import { SuggestedVideos } from './suggested-videos.js';
import { VideoInfo } from './video-info.js';
import { VideoPlayer } from './video-player.js';
import './video-page.css';

/** `/videos/{id}`: the player, the video's details, Like and Share, and suggested videos. */
export function VideoPage() {
  const { id = '' } = useParams();
  const video = useVideo(id);
  const { brand } = useSiteConfig();

  // A suggested video opens at the top of the page, not where the list was.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  const shown = video.isPending || video.isError ? undefined : video.data.video;
  return (
    <>
      {/* React 19 hoists it into <head>: the tab and the share text read '<video> | <brand>'.
          No video yet (or none): the tab must not keep the previous page's title. */}
      <title>{shown ? `${shown.title} | ${brand}` : brand}</title>
      <QueryView
        query={video}
        loading={{ fill: true }}
        error={(error) => <PageError error={error} message={t.videoError} />}
      >
        {({ video: current, suggestedVideos }) => (
          <div className="video-page">
            <article className="video-page__main">
              <VideoPlayer
                videoId={current.id}
                youtubeId={current.youtube_id}
                title={current.title}
              />
              <VideoInfo video={current} ready={!video.isPlaceholderData} />
            </article>
            <SuggestedVideos videos={suggestedVideos} />
          </div>
        )}
      </QueryView>
    </>
  );
}
