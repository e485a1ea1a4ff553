import { Link } from 'react-router';
import type { HomeData } from '../../../../shared/schemas/public-catalogue.js';
import { VideoCard } from '../../../components/catalogue/video-card.js';

/** Spec section 9: the one category whose row has no View All link. */
export const NO_VIEW_ALL_CATEGORY_ID = 10;

type Category = HomeData['categories'][number];

/** One layout row: the category's title, its first `size` videos and a View All link. */
export function CategoryRow({ category, size }: { category: Category; size: number }) {
  const headingId = `home-row-${category.id}`;
  return (
    <section className="home-row" aria-labelledby={headingId}>
      <div className="home-row__header">
        <h2 id={headingId} className="home-row__title">
          {category.title}
        </h2>
        {category.id !== NO_VIEW_ALL_CATEGORY_ID && (
          <Link className="home-row__view-all" to={`/categories/${category.id}`}>
            View All<span className="visually-hidden"> {category.title}</span>
          </Link>
        )}
      </div>
      <ul className="home-row__videos">
        {category.videos.slice(0, size).map((video) => (
          <li key={video.id} className="home-row__item">
            <VideoCard video={video} />
          </li>
        ))}
      </ul>
    </section>
  );
}
