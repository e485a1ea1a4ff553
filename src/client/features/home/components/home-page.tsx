import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { useSiteConfig } from '@client/lib/site-config.js';
import { useWindowWidthAs } from '@client/lib/use-window-width.js';
import { useHome } from '../api/get-home.js';
import { rowSize } from '../utils/row-size.js';
import { AppDownload } from './app-download.js';
import { CategoryRow } from './category-row.js';
import { FeaturedVideo } from './featured-video.js';
import { ContinueWatchingRow, MyListRow } from './viewer-rows.js';
import './home.css';

/**
 * `/`: the featured video, a signed-in fan's Continue Watching and My List rows, the layout's
 * category rows and the download-the-app block. */
export function HomePage() {
  const home = useHome();
  const { brand } = useSiteConfig();
  // Recomputed on every resize, so a row grows and shrinks with the window.
  const size = useWindowWidthAs(rowSize);

  return (
    <div className="home">
      {/* React 19 hoists it into <head>. */}
      <title>{brand}</title>
      <h1 className="visually-hidden">{brand}</h1>
      <QueryView query={home} loading={{ fill: true }} error={t.homeError}>
        {({ featured_video, categories }) => (
          <>
            {featured_video && <FeaturedVideo video={featured_video} />}
            <ContinueWatchingRow />
            <MyListRow />
            {categories.map((category) => (
              <CategoryRow key={category.id} category={category} size={size} />
            ))}
          </>
        )}
      </QueryView>
      {/* Not while loading: it would be pushed down when the rows arrive (layout shift). */}
      {!home.isPending && <AppDownload />}
    </div>
  );
}
