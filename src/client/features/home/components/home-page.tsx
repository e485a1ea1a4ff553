import { useHome } from '../api/get-home.js';

/** The first cut of the home page: featured video and the layout's rows. */
export function HomePage() {
  const home = useHome();
  if (home.isPending) return <p role="status">Loading…</p>;
  if (home.isError)
    return <p role="alert">There was an error loading the home page. Please try again later.</p>;
  const { featured_video: featured, categories } = home.data;
  return (
    <main className="home">
      {featured && (
        <section aria-labelledby="featured-title" className="featured">
          <img src={featured.thumbnail} alt="" width={480} height={270} />
          <h1 id="featured-title">{featured.title}</h1>
        </section>
      )}
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`row-${category.id}`} className="row">
          <h2 id={`row-${category.id}`}>{category.title}</h2>
          <ul>
            {category.videos.map((video) => (
              <li key={video.id}>
                <img src={video.thumbnail} alt="" width={160} height={90} loading="lazy" />
                <span>{video.title}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
