import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { Button } from '@client/components/ui/button.js';
import { useSession } from '@client/lib/session.js';
import { useLikeArtist } from '../api/like-artist.js';

/** Like / Liked: pressed when liked; the label changes only after the server agrees. */
export function ArtistLikeButton({
  routeId,
  artistId,
  liked,
}: {
  routeId: string;
  artistId: number;
  liked: boolean;
}) {
  const session = useSession();
  const mutation = useLikeArtist(routeId);
  return (
    <Button
      variant={liked ? 'primary' : 'secondary'}
      aria-pressed={liked}
      disabled={!session || mutation.isPending}
      onClick={() => {
        if (session) mutation.mutate({ userId: session.id, artistId, like: !liked });
      }}
    >
      {liked ? t.liked : t.like}
    </Button>
  );
}
