import { useEffect } from 'react';
import { useParams } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { ErrorView, LoadingView } from '@client/components/ui/page-states.js';
import { WayOn } from '@client/components/site/way-on.js';
import { isMissing } from '@client/lib/api-client.js';
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

  if (video.isPending || video.isError) {
    return (
      <>
        {/* No video title yet (or none): the tab must not keep the previous page's. */}
        <title>{brand}</title>
        {video.isPending ? (
          <LoadingView fill />
        ) : isMissing(video.error) ? (
          <div className="not-found">
            <ErrorView message={t.videoError} />
            <WayOn />
          </div>
        ) : (
          <ErrorView message={t.videoError} />
        )}
      </>
    );
  }
  const { video: current, suggestedVideos } = video.data;
  return (
    <div className="video-page">
      {/* React 19 hoists it into <head>: the tab and the share text read '<video> | <brand>'. */}
      <title>{`${current.title} | ${brand}`}</title>
      <article className="video-page__main">
        <VideoPlayer youtubeId={current.youtube_id} title={current.title} />
        <VideoInfo video={current} ready={!video.isPlaceholderData} />
      </article>
      <SuggestedVideos videos={suggestedVideos} />
    </div>
  );
}
