import { useState } from 'react';
import { Link } from 'react-router';
import type { Video } from '@shared/schemas/catalogue.js';
import { ShareModal } from '@client/components/catalogue/share-modal.js';
import { Button } from '@client/components/ui/button.js';
import { plural } from '@client/lib/format.js';
import { LikeButton } from './like-button.js';
import { pageLink } from '@shared/page-paths.js';

/** Under the player: title, Like and Share, the like count, description and tag links. */
export function VideoInfo({ video, ready }: { video: Video; ready: boolean }) {
  const [shareOpen, setShareOpen] = useState(false);
  return (
    <div className="video-info">
      <h1 className="video-info__title">{video.title}</h1>
      <div className="video-info__actions">
        <LikeButton video={video} ready={ready} />
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setShareOpen(true)}>
          Share
        </Button>
        <span className="video-info__likes">{plural(video.like_count, 'like', 'likes')}</span>
      </div>
      {video.description && <p className="video-info__description">{video.description}</p>}
      {video.tags.length > 0 && (
        <ul className="video-info__tags" aria-label="Tags">
          {video.tags.map((tag) => (
            <li key={tag.id}>
              <Link className="video-info__tag" to={pageLink.category(tag.id)}>
                {tag.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <ShareModal
        open={shareOpen}
        onClose={() => setShareOpen(false)}
        title={video.title}
        path={pageLink.video(video.id)}
      />
    </div>
  );
}
