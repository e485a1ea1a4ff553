import { useRef, type ReactNode } from 'react';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import { VideoCard } from '@client/components/catalogue/video-card.js';
import { WatchedBar } from '@client/components/catalogue/watched-bar.js';
import { useSession } from '@client/lib/session.js';
import {
  useContinueWatching,
  useMyListRow,
  useRemoveFromContinueWatching,
  type ContinueWatchingItem,
} from '../api/get-viewer-rows.js';

/** A row of the fan's own, shaped like the category rows (it scrolls sideways). */
function ViewerRow({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="home-row home-row--viewer" aria-labelledby={`home-row-${id}`}>
      <div className="home-row__header">
        <h2 id={`home-row-${id}`} className="home-row__title">
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

function ContinueItem({
  item,
  userId,
  onRemoved,
}: {
  item: ContinueWatchingItem;
  userId: number;
  onRemoved: () => void;
}) {
  const remove = useRemoveFromContinueWatching();
  return (
    <li className="home-row__item continue-item">
      <VideoCard video={item} />
      <WatchedBar position={item.progress.position} duration={item.progress.duration} />
      <button
        type="button"
        className="continue-item__remove"
        aria-disabled={remove.isPending}
        onClick={() =>
          !remove.isPending && remove.mutate({ userId, videoId: item.id }, { onSuccess: onRemoved })
        }
      >
        {w.removeFromContinue}
        <span className="visually-hidden">: {item.title}</span>
      </button>
    </li>
  );
}

/**
 * Continue Watching, right after the featured video: the signed-in fan's unfinished videos, most
 * recent first, each with how far they got and a way to take it off the row. Nothing for a
 * visitor, nor while loading or when there is nothing to continue; its error is said in the row.
 */
export function ContinueWatchingRow() {
  const session = useSession();
  const items = useContinueWatching();
  const list = useRef<HTMLUListElement>(null);
  // A keyboard user's focus was on the button that went away: the next one takes it (the one
  // before at the end), or, with the row gone, the first link of the rows below.
  const keepFocus = (index: number) => () =>
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLElement>('.continue-item__remove');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? document.querySelector<HTMLElement>('.home-row a'))?.focus();
    });
  if (!session || items.isPending) return null;
  if (items.isError) {
    return (
      <ViewerRow id="continue-watching" title={w.continueWatching}>
        <p className="home-row__error">{w.continueWatchingError}</p>
      </ViewerRow>
    );
  }
  if (items.data.length === 0) return null;
  return (
    <ViewerRow id="continue-watching" title={w.continueWatching}>
      <ul ref={list} className="home-row__videos">
        {items.data.map((item, index) => (
          <ContinueItem
            key={item.id}
            item={item}
            userId={session.id}
            onRemoved={keepFocus(index)}
          />
        ))}
      </ul>
    </ViewerRow>
  );
}

/** My List's newest videos, for a signed-in fan with any; the whole list is on /account. */
export function MyListRow() {
  const session = useSession();
  const list = useMyListRow();
  if (!session || list.isPending) return null;
  if (list.isError) {
    return (
      <ViewerRow id="my-list" title={w.myList}>
        <p className="home-row__error">{w.myListError}</p>
      </ViewerRow>
    );
  }
  if (list.data.videos.length === 0) return null;
  return (
    <ViewerRow id="my-list" title={w.myList}>
      <ul className="home-row__videos">
        {list.data.videos.map((video) => (
          <li key={video.id} className="home-row__item">
            <VideoCard video={video} />
          </li>
        ))}
      </ul>
    </ViewerRow>
  );
}
