import type { Video } from '@shared/schemas/catalogue.js';
import { scheduledUntil } from '../utils/publish-time.js';

/** Public or Private, as the spec labels a video's state; a scheduled one says until when. */
export function PrivacyBadge({ video }: { video: Video }) {
  const state = video.public_state ? 'public' : 'private';
  return (
    <span className={`admin-badge admin-badge--${state}`}>
      {video.public_state
        ? 'Public'
        : video.publish_at
          ? scheduledUntil(video.publish_at)
          : 'Private'}
    </span>
  );
}
