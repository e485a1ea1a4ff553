import { useState } from 'react';
import { adminEditorUiMessages as t } from '@shared/messages/admin-editor-ui.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { Button } from '@client/components/ui/button.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';
import { embedUrl, PLAYER_ALLOW } from '@client/lib/youtube-player.js';
import { PrivacyBadge } from './privacy-badge.js';

/**
 * The found video: thumbnail (a plain box when it does not load), its id and saved privacy, and
 * on request the player (never autoplaying).
 */
export function VideoEditorPreview({ video }: { video: Video | null }) {
  const [playing, setPlaying] = useState(false);
  const [broken, setBroken] = useState<string | null>(null);

  if (!video) {
    return (
      <div className="editor-preview editor-preview--empty">
        <div className="editor-preview__media editor-preview__placeholder" aria-hidden="true">
          ▶
        </div>
        <p className="editor-hint">{t.noVideoYet}</p>
      </div>
    );
  }

  return (
    <div className="editor-preview">
      {playing ? (
        <iframe
          className="editor-preview__media"
          src={embedUrl(video.youtube_id)}
          title={`Player: ${video.title}`}
          allow={PLAYER_ALLOW}
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : broken === video.thumbnail || !video.thumbnail ? (
        <div className="editor-preview__media editor-preview__placeholder">{t.noThumbnail}</div>
      ) : (
        <img
          className="editor-preview__media"
          src={video.thumbnail}
          alt={`Thumbnail of ${video.title}`}
          onError={() => setBroken(video.thumbnail)}
        />
      )}
      <div className="editor-preview__facts">
        <span>Video #{video.id}</span>
        <PrivacyBadge video={video} />
      </div>
      <div className="editor-preview__actions">
        <Button variant="secondary" onClick={() => setPlaying(!playing)}>
          {playing ? 'Hide player' : 'Play preview'}
        </Button>
        <NewTabLink href={video.youtube_url}>Watch on YouTube</NewTabLink>
      </div>
    </div>
  );
}
