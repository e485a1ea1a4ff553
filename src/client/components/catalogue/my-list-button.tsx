import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import type { Video } from '@shared/schemas/catalogue.js';
import { Button } from '@client/components/ui/button.js';
import { useSession } from '@client/lib/session.js';
import { useMyListIds, useToggleMyList } from './my-list.js';

function ListIcon({ added }: { added: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d={added ? 'M5 12.5l4.5 4.5L19 7.5' : 'M12 5v14M5 12h14'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Adds the video to the signed-in fan's My List or takes it out: a toggle (aria-pressed) whose
 * name stays the same. Nothing for visitors, who have no list, or before the list is known.
 * `compact`: the round icon button over a card's thumbnail, named with the video's title.
 */
export function MyListButton({
  video,
  compact = false,
}: {
  video: Pick<Video, 'id' | 'title'>;
  compact?: boolean;
}) {
  const session = useSession();
  const ids = useMyListIds();
  const toggle = useToggleMyList();
  if (!session || !ids) return null;
  const added = ids.has(video.id);
  const press = () => {
    if (toggle.isPending) return;
    toggle.mutate({ userId: session.id, videoId: video.id, add: !added });
  };
  if (compact) {
    return (
      <button
        type="button"
        className="my-list-toggle"
        aria-pressed={added}
        aria-disabled={toggle.isPending}
        aria-label={w.addNamedToMyList(video.title)}
        title={added ? w.inMyList : w.addToMyList}
        onClick={press}
      >
        <ListIcon added={added} />
      </button>
    );
  }
  return (
    <Button
      variant={added ? 'primary' : 'secondary'}
      aria-pressed={added}
      aria-disabled={toggle.isPending}
      onClick={press}
    >
      <ListIcon added={added} />
      {w.myList}
    </Button>
  );
}
