import { useState } from 'react';
import { Link } from 'react-router';
import type { Video } from '@shared/schemas/catalogue.js';
import { Button } from '@client/components/ui/button.js';
import { excerpt } from '../utils/excerpt.js';
import { VideoDetailsModal } from './video-details-modal.js';
import { pageLink } from '@shared/page-paths.js';
import { VideoThumbnail } from '@client/components/catalogue/video-card.js';

/** The home page's hero: the featured video with WATCH and DETAILS. */
export function FeaturedVideo({ video }: { video: Video }) {
  const [detailsOpen, setDetailsOpen] = useState(false);
  return (
    <section className="featured" aria-labelledby="featured-title">
      <Link
        to={pageLink.video(video.id)}
        className="featured__media"
        tabIndex={-1}
        aria-hidden="true"
      >
        {/* The page's largest image (LCP): fetched at once, with its size known before it arrives. */}
        <VideoThumbnail
          className="featured__image"
          video={video}
          width={480}
          loading="eager"
          high
        />
      </Link>
      <div className="featured__body">
        <p className="featured__kicker">Featured video</p>
        <h2 id="featured-title" className="featured__title">
          {video.title}
        </h2>
        {video.description && <p className="featured__excerpt">{excerpt(video.description)}</p>}
        <div className="featured__actions">
          <Link className="btn btn--primary" to={pageLink.video(video.id)}>
            WATCH
          </Link>
          <Button variant="secondary" aria-haspopup="dialog" onClick={() => setDetailsOpen(true)}>
            DETAILS
          </Button>
        </div>
      </div>
      <VideoDetailsModal video={video} open={detailsOpen} onClose={() => setDetailsOpen(false)} />
    </section>
  );
}
