import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { Button } from '@client/components/ui/button.js';
import { openAuthModal } from '@client/lib/auth-modal.js';
import { useSession } from '@client/lib/session.js';
import { useLikeVideo } from '../api/like-video.js';

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path
        d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2Z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 'Sign in to Like' (disabled, as the spec has it) with a 'Sign in' button beside it that opens
 * the sign-in dialog, for visitors; 'Like' or 'Liked' (pressed) for signed-in users.
 * While a call is under way a second click is ignored; the button stays focusable (aria-disabled
 * rather than disabled) so keyboard users keep their place.
 */
export function LikeButton({ video, ready }: { video: Video; ready: boolean }) {
  const session = useSession();
  const like = useLikeVideo();
  if (!session) {
    return (
      <span className="like-button__visitor">
        <Button variant="secondary" disabled>
          <HeartIcon filled={false} />
          {t.signInToLike}
        </Button>
        <Button variant="ghost" onClick={() => openAuthModal('signIn')}>
          {t.signInToLikeAction}
        </Button>
      </span>
    );
  }
  const liked = video.isLiked ?? false;
  const busy = like.isPending || !ready;
  return (
    <Button
      variant={liked ? 'primary' : 'secondary'}
      aria-pressed={liked}
      aria-disabled={busy}
      onClick={() => {
        if (busy) return;
        like.mutate({ userId: session.id, episodeId: video.id, like: !liked });
      }}
    >
      <HeartIcon filled={liked} />
      {liked ? t.liked : t.like}
    </Button>
  );
}
