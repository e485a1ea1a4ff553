import { Link } from 'react-router';
import type { Video } from '../../../shared/schemas/catalogue.js';
import './catalogue.css';

/** A video in any list: its thumbnail and title, linking to its page. */
export function VideoCard({ video, eager = false }: { video: Video; eager?: boolean }) {
  return (
    <Link to={`/videos/${video.id}`} className="video-card">
      <img
        className="video-card__thumb"
        src={video.thumbnail}
        alt=""
        width={320}
        height={180}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
      />
      <span className="video-card__title">{video.title}</span>
    </Link>
  );
}
