import { useRef, useState } from 'react';
import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import { publishedOn, VideoCard } from '@client/components/catalogue/video-card.js';
import { WatchedBar } from '@client/components/catalogue/watched-bar.js';
import { Button } from '@client/components/ui/button.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useHistoryChange, useWatchHistory, type WatchHistory } from '../api/watch-history.js';
import { RemoveButton } from './remove-button.js';

type Change = ReturnType<typeof useHistoryChange>;

/**
 * /account's Watch History: what the fan watched, newest first, a page at a time, each with when
 * and how far; remove one, clear all (after a second press), and a switch that pauses it.
 */
export function WatchHistorySection({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const section = useRef<HTMLElement>(null);
  // The focus was on the Remove that went away: the next one takes it (the one before at the
  // end), or, with nothing left, the pause switch.
  const keepFocus = (index: number) => () =>
    requestAnimationFrame(() => {
      const buttons = section.current?.querySelectorAll<HTMLElement>('.account-liked__remove');
      const next = buttons?.[Math.min(index, buttons.length - 1)];
      (next ?? section.current?.querySelector<HTMLElement>('[role="switch"]'))?.focus();
    });
  const history = useWatchHistory(userId, page);
  const change = useHistoryChange(userId);
  const pages = history.data
    ? Math.max(1, Math.ceil(history.data.total / HISTORY_SIZE(history.data)))
    : 1;
  // Removing the last item of the last page leaves that page empty: show the one before.
  if (!history.isPlaceholderData && page > pages) setPage(pages);
  return (
    <section ref={section} className="account-area" aria-labelledby="watch-history-heading">
      <h2 id="watch-history-heading">{w.watchHistory}</h2>
      <QueryView
        query={history}
        loading={{ label: `${w.watchHistory}: loading…` }}
        error={w.historyError}
      >
        {(data) => (
          <>
            <HistoryControls data={data} change={change} onCleared={() => setPage(1)} />
            {data.items.length === 0 ? (
              <p className="account-liked__empty">{w.historyEmpty}</p>
            ) : (
              <ul className="video-grid">
                {data.items.map((item, index) => (
                  <li key={item.video.id} className="account-liked__item history-item">
                    <VideoCard video={item.video} />
                    <p className="history-item__when">
                      <time dateTime={item.watched_at}>
                        {w.watchedOn(publishedOn(item.watched_at) ?? '')}
                      </time>
                      {item.finished && <span> · {w.finished}</span>}
                    </p>
                    {!item.finished && (
                      <WatchedBar position={item.position} duration={item.duration} />
                    )}
                    <RemoveButton
                      name={`${item.video.title} from ${w.watchHistory}`}
                      pending={change.isPending}
                      onClick={() =>
                        change.mutate({ remove: item.video.id }, { onSuccess: keepFocus(index) })
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
            {pages > 1 && (
              <nav className="history-pages" aria-label={`${w.watchHistory} pages`}>
                <Button
                  variant="secondary"
                  disabled={page <= 1}
                  onClick={() => setPage((at) => at - 1)}
                >
                  {w.previousPage}
                </Button>
                <span aria-live="polite">{w.pageOf(page, pages)}</span>
                <Button
                  variant="secondary"
                  disabled={page >= pages}
                  onClick={() => setPage((at) => at + 1)}
                >
                  {w.nextPage}
                </Button>
              </nav>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}

const HISTORY_SIZE = (data: WatchHistory) => Math.max(1, data.pageSize);

/** The pause switch and Clear all, which asks once more before it clears. */
function HistoryControls({
  data,
  change,
  onCleared,
}: {
  data: WatchHistory;
  change: Change;
  onCleared: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  // The press shows at once (a controlled checkbox would spring back until the mutation's state
  // arrives a tick later), and holds until the change and the lists it refreshes are back.
  const [wish, setWish] = useState<boolean | null>(null);
  const pending = change.variables;
  const paused =
    wish ?? (change.isPending && pending && 'paused' in pending ? pending.paused : data.paused);
  return (
    <div className="history-controls">
      <label className="history-controls__pause">
        <input
          type="checkbox"
          role="switch"
          checked={paused}
          // Busy until the change and the lists it refreshes are back: a press meanwhile would be
          // lost, so the switch says it is unavailable (aria-disabled keeps keyboard focus on it).
          aria-disabled={change.isPending || undefined}
          onChange={(event) => {
            if (change.isPending) return;
            setWish(event.target.checked);
            change.mutate({ paused: event.target.checked }, { onSettled: () => setWish(null) });
          }}
        />
        {w.historyPause}
      </label>
      {paused && <p className="history-controls__note">{w.historyPausedNote}</p>}
      {data.total > 0 &&
        (confirming ? (
          <div className="history-controls__confirm" role="group" aria-label={w.historyClear}>
            <p>{w.historyClearConfirm}</p>
            <Button
              variant="danger"
              onClick={() => {
                change.mutate({ clear: true });
                setConfirming(false);
                onCleared();
              }}
            >
              {w.historyClear}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {w.historyClear}
          </Button>
        ))}
    </div>
  );
}
