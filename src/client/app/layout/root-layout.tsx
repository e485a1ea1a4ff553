import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { AuthModal } from '../../features/auth/components/auth-modal.js';
import { Footer } from './footer.js';
import { TopNav } from './top-nav.js';

/** Every public page: the navigation, the page, the footer (none on admin paths), the auth modal. */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      {!pathname.includes('admin') && <Footer />}
      <AuthModal />
      <ScrollRestoration />
    </>
  );
}
