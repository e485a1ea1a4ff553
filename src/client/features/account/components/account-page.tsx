import { Navigate } from 'react-router';
import { publicSiteMessages as t } from '@shared/messages/public-site.js';
import { QueryView } from '@client/components/ui/page-states.js';
import { PageTitle } from '@client/components/ui/page-title.js';
import { useSession } from '@client/lib/session.js';
import { usePastHydration } from '@client/lib/use-past-hydration.js';
import { useAccount } from '../api/account.js';
import { LikedContent } from './liked-content.js';
import { MyListSection } from './my-list-section.js';
import { WatchHistorySection } from './watch-history.js';
import { SessionsSection } from './sessions-section.js';
import { Settings } from './settings.js';
import './account-page.css';
import { pageLink } from '@shared/page-paths.js';

/** /account: a fan's liked content, My List, watch history and settings. Administrators and visitors are sent home. */
export function AccountPage() {
  const session = useSession();
  // Who is signed in is the browser's to know: the server draws a sign-in prompt, which is what
  // a visitor without JavaScript keeps, and the app replaces it once it has the page.
  if (!usePastHydration()) return <AccountSignInPrompt />;
  if (!session || session.isAdmin) return <Navigate to={pageLink.home} replace />;
  return <AccountAreas userId={session.id} />;
}

function AccountSignInPrompt() {
  return (
    <div className="account-page">
      <PageTitle page="Account" />
      <h1>Account</h1>
      <p>{t.accountSignIn}</p>
      <noscript>
        <p>{t.signInNeedsScript}</p>
      </noscript>
    </div>
  );
}

function AccountAreas({ userId }: { userId: number }) {
  const account = useAccount(userId);
  return (
    <div className="account-page">
      <PageTitle page="Account" />
      <h1>Account</h1>
      <QueryView query={account} loading={{ fill: true }} error={t.accountError}>
        {(data) => (
          <div className="account-page__areas">
            <div className="account-page__column">
              <LikedContent userId={userId} />
              <MyListSection userId={userId} />
              <WatchHistorySection userId={userId} />
              <SessionsSection />
            </div>
            <Settings account={data} />
          </div>
        )}
      </QueryView>
    </div>
  );
}
