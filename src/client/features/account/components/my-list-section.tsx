import { watchingUiMessages as w } from '@shared/messages/watching-ui.js';
import { VideoCard } from '@client/components/catalogue/video-card.js';
import { LoadMore } from '@client/components/ui/load-more.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useMyListPages } from '../api/watch-history.js';

/**
 * /account's My List: every video the fan keeps for later, newest added first, more on demand.
 * Each card's own toggle takes a video out.
 */
export function MyListSection({ userId }: { userId: number }) {
  const list = useMyListPages(userId);
  const videos = list.data?.pages.flatMap((page) => page.videos) ?? [];
  return (
    <section className="account-area" aria-labelledby="my-list-heading">
      <h2 id="my-list-heading">{w.myList}</h2>
      <QueryView query={list} loading={{ label: `${w.myList}: loading…` }} error={w.myListError}>
        {() =>
          videos.length === 0 ? (
            <p className="account-liked__empty">{w.myListEmpty}</p>
          ) : (
            <ul className="video-grid">
              {videos.map((video) => (
                <li key={video.id} className="account-liked__item">
                  <VideoCard video={video} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <LoadMore query={list} errorMessage={w.myListError} block="account-liked" />
    </section>
  );
}
