import { useSiteConfig } from '@client/lib/site-config.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';

/** The download-the-app block: the two app stores, each in a new tab. */
export function AppDownload() {
  const { brand, appStores } = useSiteConfig();
  return (
    <section className="app-download" aria-labelledby="app-download-title">
      <div>
        <h2 id="app-download-title" className="app-download__title">
          Download the app
        </h2>
        <p className="app-download__text">Watch every episode of {brand} on your phone.</p>
      </div>
      <ul className="app-download__stores">
        <li>
          <NewTabLink className="btn btn--primary" href={appStores.apple}>
            App Store
          </NewTabLink>
        </li>
        <li>
          <NewTabLink className="btn btn--primary" href={appStores.google}>
            Google Play
          </NewTabLink>
        </li>
      </ul>
    </section>
  );
}
