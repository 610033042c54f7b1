import { Outlet, useLocation } from 'react-router';
import { messages } from '../app/messages';
import { isAdminPath } from '../app/paths';
import { LoginRedirect } from '../features/auth/LoginRedirect';
import { PageErrorBoundary } from './PageErrorBoundary';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** Every page: the public header and footer, except under /admin. */
export function Layout() {
  const { pathname } = useLocation();
  const isPublic = !isAdminPath(pathname);
  return (
    <>
      <LoginRedirect />
      {isPublic && (
        <a className="skip-link" href="#contenu">
          {messages.site.skipLink}
        </a>
      )}
      {isPublic && <SiteHeader />}
      <main id="contenu" tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          <Outlet />
        </PageErrorBoundary>
      </main>
      {isPublic && <SiteFooter />}
    </>
  );
}
