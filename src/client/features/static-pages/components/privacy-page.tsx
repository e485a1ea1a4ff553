import { Link } from 'react-router';
import { useSiteConfig } from '@client/lib/site-config.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import './static-page.css';
import { pageLink } from '@shared/page-paths.js';
import { NewTabLink } from '@client/components/ui/new-tab-link.js';

/** /privacy: the Privacy Policy (the text as given, last updated December 4, 2022). */
export function PrivacyPage() {
  const { brand, mainSiteUrl } = useSiteConfig();
  return (
    <article className="static-page">
      <PageTitle page="Privacy Policy" />
      <h1>Privacy Policy</h1>
      <p className="static-page__updated">
        Last updated <time dateTime="2022-12-04">December 4, 2022</time>
      </p>
      <p>
        This policy explains what information {brand} (&quot;we&quot;, &quot;us&quot;) collects when
        you use this website and our companion app, how we use it, and the choices you have. By
        creating an account or using the site you agree to the practices described here.
      </p>

      <h2>What we collect</h2>
      <p>When you create an account, we collect:</p>
      <ul>
        <li>your email address;</li>
        <li>your first and last name;</li>
        <li>your date of birth;</li>
        <li>your zip code.</li>
      </ul>
      <p>
        We also collect usage data: the videos and artists you like, when you last signed in, and
        technical information your browser sends with every request, such as your IP address,
        browser type and the pages you visit. Visitors who do not create an account only leave this
        technical usage data. We do not store your password itself, only a secure one-way hash of
        it.
      </p>

      <h2>What you watch</h2>
      <p>When you play a video on this site or in our app:</p>
      <ul>
        <li>
          If you are signed in, we keep where you stopped in each video and when, so that you can
          resume it on any device. These positions are your Watch History and your Continue Watching
          row. You can remove any of them, clear them all, or pause the history on your account
          page; while it is paused, nothing you watch is recorded.
        </li>
        <li>If you are signed in, we keep the videos you add to My List until you remove them.</li>
        <li>
          We count views: for each video and each day, how many times it was viewed, how many
          seconds were watched and how many people watched it to the end, and for the whole site how
          many different people watched something that day. These daily counts name no one.
        </li>
        <li>
          To count a visitor who is not signed in only once, we use a one-way hash of their IP
          address and browser, mixed with a random value that changes every day. We never store the
          address itself; each day&apos;s random value is deleted after 48 hours, after which no
          hash can be traced back to anyone, and the day&apos;s hashes themselves are deleted after
          two days. A visitor&apos;s own resume points stay in their browser&apos;s storage and are
          never sent to us.
        </li>
      </ul>

      <h2>How we use it</h2>
      <ul>
        <li>To create and run your account, sign you in and keep your session secure.</li>
        <li>To show your liked videos and artists and to make the catalogue easier to browse.</li>
        <li>To confirm that you are old enough to use the service.</li>
        <li>To send you the recovery codes you ask for when you forget your password.</li>
        <li>
          To send you our newsletter, if you chose to receive it. Every newsletter explains how to
          stop it, and you can turn it off on your account page at any time.
        </li>
        <li>
          To understand, in aggregate, which episodes and artists are popular, and to keep the
          service working, secure and free of abuse.
        </li>
      </ul>

      <h2>Sharing</h2>
      <p>
        We do not sell your personal information. We share it only with service providers who host
        the site, send our emails or help us run the service, under contracts that limit their use
        of it to the work they do for us; and when the law requires it, or when it is needed to
        protect the rights and safety of our users or of {brand}. Videos are played through
        YouTube&apos;s privacy-enhanced embed; when you watch one, YouTube&apos;s own privacy policy
        applies to that player. When you use a share button, the network you share to receives what
        you choose to send it.
      </p>

      <h2>Retention</h2>
      <p>
        We keep your account information for as long as your account exists. When you delete your
        account from your account page, we delete your profile, your likes, your watch history, your
        resume points and My List, and sign you out everywhere. Watch history and resume points are
        kept until you remove them or delete your account; the marks that stop one viewer from
        counting twice are deleted after 6 hours, and the daily view counts, which name no one, are
        kept to show which episodes people watch. Recovery codes expire after a few minutes, and
        server logs are kept only as long as needed to run and protect the service. Backups are
        overwritten in the normal course of operation.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>
          You can view and correct your name, email, zip code and date of birth on your account
          page.
        </li>
        <li>You can subscribe to or unsubscribe from the newsletter there at any time.</li>
        <li>You can unlike any video or artist, and remove likes from your account page.</li>
        <li>You can delete your account, and the information that goes with it, at any time.</li>
        <li>
          You can ask us for a copy of the personal information we hold about you, or ask any other
          question about it, using the contact details below.
        </li>
      </ul>

      <h2>Children under 13</h2>
      <p>
        {brand} is not for children under 13, and we do not knowingly collect personal information
        from them. Registration asks for your date of birth and refuses anyone younger than 13. If
        we learn that we have collected information from a child under 13, we delete it. If you
        believe a child has given us information, please contact us.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        If we change this policy, we will post the new version on this page and update the date at
        the top. If the changes are significant, we will tell account holders by email.
      </p>

      <h2>Contact</h2>
      <p>
        For any question about this policy or your information, contact us through our{' '}
        <NewTabLink href={mainSiteUrl}>main site</NewTabLink>. You can learn more about the show on
        our <Link to={pageLink.about}>About</Link> page.
      </p>
    </article>
  );
}
