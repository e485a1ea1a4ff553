import { Link } from 'react-router';
import type { Video } from '@shared/schemas/catalogue.js';
import { Modal } from '@client/components/ui/modal.js';
import { pageLink } from '@shared/page-paths.js';

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
        {video.tags.length > 0 && (
          <ul className="video-details__tags" aria-label="Tags">
            {video.tags.map((tag) => (
              <li key={tag.id}>
                <Link
                  className="video-details__tag"
                  to={pageLink.category(tag.id)}
                  onClick={onClose}
                >
                  {tag.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link className="btn btn--primary" to={pageLink.video(video.id)} onClick={onClose}>
          WATCH
        </Link>
      </div>
    </Modal>
  );
}
