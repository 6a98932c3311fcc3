/** Every screen: auth state, the top navigation bar, the page, and the update notice. */
import { Suspense, useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { PageSpinner } from '../../components/spinner';
import { AuthProvider } from '../auth-context';
import { OfflineSync } from '../offline-sync';
import { SessionEndingNotice } from '../session-ending-notice';
import { usePageTitle } from '../page-title';
import { UpdateBanner } from '../update-banner';
import { TopNav } from './top-nav';

export function RootLayout() {
  return (
    <AuthProvider>
      <OfflineSync />
      <SessionEndingNotice />
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopNav />
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <UpdateBanner />
      <ScrollToTop />
      <PageTitle />
    </AuthProvider>
  );
}

/** A new screen opens at its top; Back and Forward leave the scroll to the browser, which restores it. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigation]);
  return null;
}

function PageTitle() {
  usePageTitle();
  return null;
}
