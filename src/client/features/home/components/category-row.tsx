import { useRef } from 'react';
import { Link } from 'react-router';
import type { HomeData } from '@shared/schemas/public-catalogue.js';
import { VideoCard } from '@client/components/catalogue/video-card.js';
import { useRowScroll } from '../lib/use-row-scroll.js';
import { pageLink } from '@shared/page-paths.js';

/** The one category whose row has no View All link. */
export const NO_VIEW_ALL_CATEGORY_ID = 10;

type Category = HomeData['categories'][number];

const ARROWS = { [-1]: 'M15 6l-6 6 6 6', 1: 'M9 6l6 6-6 6' } as const;

/**
 * One layout row: the category's title, its first `size` videos and a View All link. The row
 * scrolls sideways; its edges fade where cards are hidden, and wide screens with a mouse get
 * back and forward arrows.
 */
export function CategoryRow({ category, size }: { category: Category; size: number }) {
  const headingId = `home-row-${category.id}`;
  const listId = `home-row-${category.id}-videos`;
  const list = useRef<HTMLUListElement>(null);
  const { canBack, canForward, scrollPage } = useRowScroll(
    list,
    Math.min(size, category.videos.length),
  );

  const arrow = (direction: -1 | 1) => {
    const able = direction === -1 ? canBack : canForward;
    return (
      <button
        type="button"
        className="home-row__arrow"
        aria-controls={listId}
        aria-disabled={!able}
        aria-label={`${direction === -1 ? 'Earlier' : 'More'} videos in ${category.title}`}
        onClick={() => able && scrollPage(direction)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={ARROWS[direction]} fill="none" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
    );
  };

  return (
    <section className="home-row" aria-labelledby={headingId}>
      <div className="home-row__header">
        <h2 id={headingId} className="home-row__title">
          {category.title}
        </h2>
        {(canBack || canForward) && (
          <div className="home-row__arrows">
            {arrow(-1)}
            {arrow(1)}
          </div>
        )}
        {category.id !== NO_VIEW_ALL_CATEGORY_ID && (
          <Link className="home-row__view-all" to={pageLink.category(category.id)}>
            View All<span className="visually-hidden"> {category.title}</span>
          </Link>
        )}
      </div>
      <ul
        ref={list}
        id={listId}
        className="home-row__videos"
        data-hidden-before={canBack || undefined}
        data-hidden-after={canForward || undefined}
      >
        {category.videos.slice(0, size).map((video) => (
          <li key={video.id} className="home-row__item">
            <VideoCard video={video} />
          </li>
        ))}
      </ul>
    </section>
  );
}
