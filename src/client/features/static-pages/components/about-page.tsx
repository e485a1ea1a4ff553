import { Link } from 'react-router';
import { useSiteConfig } from '@client/lib/site-config.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import './static-page.css';
import { pageLink } from '@shared/page-paths.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';

/** /about: what the show is, who makes it, and what the site offers. */
export function AboutPage() {
  const { brand, mainSiteUrl } = useSiteConfig();
  return (
    <article className="static-page">
      <PageTitle page="About" />
      <h1>About {brand}</h1>
      <p className="static-page__lead">
        {brand} is a country-music video show about the songs, the people who write them and the
        stages where they are first heard.
      </p>

      <h2>The show</h2>
      <p>
        Every episode brings one or more artists in front of our cameras: in a small studio, on a
        back porch, in a honky-tonk on a Saturday night or at a county fair at sundown. We film the
        performance the way it happens, with the band in the room and no second takes, and then sit
        down with the artists to talk about where a song came from and where it is going.
      </p>
      <p>
        Alongside the performances you will find acoustic sessions, songwriter rounds, bluegrass
        picking, interviews, behind-the-scenes footage and holiday specials. New episodes are added
        regularly, and every one of them stays in the catalogue.
      </p>

      <h2>What you can do here</h2>
      <ul>
        <li>Watch every public episode, browse the categories and search the whole catalogue.</li>
        <li>
          Create a free account to explore the <Link to={pageLink.artists}>artist pages</Link>, like
          your favorite videos and artists, and find them again on your account page.
        </li>
        <li>Share any video or artist with friends by link, email or social networks.</li>
        <li>Take the show with you in our companion app for phones and tablets.</li>
      </ul>

      <h2>The people behind it</h2>
      <p>
        {brand} is made by a small crew of musicians, camera operators and sound engineers who
        believe country music is best heard live and up close. We are grateful to every artist who
        has played for us and to every viewer who keeps coming back.
      </p>

      <h2>Get in touch</h2>
      <p>
        Want to play on the show, suggest an artist or tell us what you think? Reach us through our{' '}
        <NewTabLink href={mainSiteUrl}>main site</NewTabLink>. How we handle your information is
        explained in our <Link to={pageLink.privacy}>Privacy Policy</Link>.
      </p>
    </article>
  );
}
