import type { Video } from '@shared/schemas/catalogue.js';
import { DeleteButton, EditLink } from '@client/components/admin/row-actions.js';
import { adminLink } from '@shared/page-paths.js';
import { VideoThumbnail } from '@client/components/catalogue/video-card.js';
import { PrivacyBadge } from './privacy-badge.js';

/** One search result: thumbnail, title, Public/Private, edit link and delete icon. */
export function AllVideosRow({ video, onDelete }: { video: Video; onDelete: () => void }) {
  return (
    <li className="all-videos__row">
      <VideoThumbnail className="admin-thumb" video={video} width={96} />
      <div className="admin-grow all-videos__text">
        <span className="all-videos__title">{video.title}</span>
        <span className="all-videos__meta">
          <PrivacyBadge video={video} />
          {video.episode_number !== null && <span>Episode {video.episode_number}</span>}
        </span>
      </div>
      <div className="all-videos__actions">
        <EditLink to={adminLink.editVideo(video.id)} name={video.title} />
        <DeleteButton name={video.title} onClick={onDelete} />
      </div>
    </li>
  );
}
