import { Outlet, useLocation } from 'react-router';
import { isAdminPath } from '../../app/paths';
import { LoginRedirect } from './LoginRedirect';

/** Every page: the public header and footer, except under /admin. */
export function Layout() {
  const { pathname } = useLocation();
  const isPublic = !isAdminPath(pathname);
  return (
    <>
      <LoginRedirect />
      {isPublic && <header />}
      <main id="contenu">
        <Outlet />
      </main>
      {isPublic && <footer />}
    </>
  );
}
