import { Link } from 'react-router';
import type { Video } from '@shared/schemas/catalogue.js';
import { Modal } from '@client/components/ui/modal.js';
import { pageLink } from '@shared/page-paths.js';
import { TagLinks } from '@client/components/catalogue/tag-links.js';

/** The spec's video details modal: title, description, tag links to categories, WATCH. */
export function VideoDetailsModal({
  video,
  open,
  onClose,
}: {
  video: Video;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={video.title}>
      <div className="video-details">
        {video.description && <p className="video-details__description">{video.description}</p>}
        <TagLinks tags={video.tags} onFollow={onClose} />
        <Link className="btn btn--primary" to={pageLink.video(video.id)} onClick={onClose}>
          WATCH
        </Link>
      </div>
    </Modal>
  );
}
