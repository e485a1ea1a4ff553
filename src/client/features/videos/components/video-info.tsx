import { useState } from 'react';
import type { Video } from '@shared/schemas/catalogue.js';
import { ShareModal } from '@client/components/catalogue/share-modal.js';
import { Button } from '@client/components/ui/button.js';
import { plural } from '@client/lib/format.js';
import { LikeButton } from './like-button.js';
import { pageLink } from '@shared/page-paths.js';
import { TagLinks } from '@client/components/catalogue/tag-links.js';
import { viewCount } from '@client/components/catalogue/video-card.js';
import { MyListButton } from '@client/components/catalogue/my-list-button.js';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';

/** Under the player: title, Like, My List and Share, the view and like counts, description and tag links. */
export function VideoInfo({ video, ready }: { video: Video; ready: boolean }) {
  const [shareOpen, setShareOpen] = useState(false);
  return (
    <div className="video-info">
      <h1 className="video-info__title">{video.title}</h1>
      <div className="video-info__actions">
        <LikeButton video={video} ready={ready} />
        <MyListButton video={video} />
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setShareOpen(true)}>
          Share
        </Button>
        <span className="video-info__counts">
          {viewCount(video) !== null && (
            <span className="video-info__views">{w.views(viewCount(video)!)}</span>
          )}{' '}
          <span className="video-info__likes">{plural(video.like_count, 'like', 'likes')}</span>
        </span>
      </div>
      {video.description && <p className="video-info__description">{video.description}</p>}
      <TagLinks tags={video.tags} />
      <ShareModal
        open={shareOpen}
        onClose={() => setShareOpen(false)}
        title={video.title}
        path={pageLink.video(video.id)}
      />
    </div>
  );
}
