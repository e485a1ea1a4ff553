import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useAuthModal } from '@client/lib/auth-modal.js';
import { hasSiteFooter } from '@shared/page-paths.js';
import { Footer } from './footer.js';
import { TopNav } from './top-nav.js';

// The modal and its forms (with the shared validation schemas) load the first time it opens,
// which keeps them out of every page's first download.
const AuthModal = lazy(async () => ({
  default: (await import('@client/features/auth/components/auth-modal.js')).AuthModal,
}));

/** Every public page: the navigation, the page, the footer (none on admin paths), the auth modal. */
export function RootLayout() {
  const { pathname } = useLocation();
  const { open } = useAuthModal();
  const [modalLoaded, setModalLoaded] = useState(open);
  if (open && !modalLoaded) setModalLoaded(true);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      {hasSiteFooter(pathname) && <Footer />}
      {modalLoaded && (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
