// /admin: « Demandes » (quote requests, with the unread count), links to the five editors, the site settings and the menu, and « Quitter Admin » (server logout, storage cleared,
// admin/login).
import { Link, useNavigate } from 'react-router';
import { api, useGetQuotesQuery, useLogoutMutation } from '../../api/adminApi';
import { sessionEnded } from '../../api/session';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { selectIsLoggedIn } from '../../lib/auth/authSlice';
import { messages } from '../../messages/withAdmin';
import { paths } from '../../../contract/paths';
import { clearAllStorage } from '../../lib/auth/tokenStorage';
import { AdminPage } from './AdminPage';

const t = messages.admin.menu;

const entries = [
  { to: paths.admin.project.href(), label: t.project },
  { to: paths.admin.projectType.href(), label: t.projectType },
  { to: paths.admin.subType.href(), label: t.subType },
  { to: paths.admin.category.href(), label: t.category },
  { to: paths.admin.order.href(), label: t.order },
  { to: paths.admin.testimonials.href(), label: t.testimonials },
  { to: paths.admin.user.href(), label: t.user },
  { to: paths.admin.site.href(), label: t.site },
  { to: paths.admin.siteMenu.href(), label: t.siteMenu },
  { to: paths.admin.trash.href(), label: t.trash },
  { to: paths.admin.journal.href(), label: t.journal },
  { to: paths.admin.security.href(), label: messages.admin.security.menu },
  { to: paths.admin.stats.href(), label: t.stats },
];

export function AdminMenu() {
  const [logout, { isLoading }] = useLogoutMutation();
  // « Demandes » says how many quote requests are unread. Not asked without a session: once
  // « Quitter Admin » has ended it and emptied the cache, the menu must not ask again (refused).
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const quotes = useGetQuotesQuery(undefined, { refetchOnMountOrArgChange: true, skip: !loggedIn });
  const unread = quotes.data?.Unread ?? 0;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const quit = async () => {
    await logout(); // revokes the refresh token; whatever the answer, the session ends here
    clearAllStorage();
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
    void navigate(paths.admin.login.href(), { replace: true });
  };

  return (
    <AdminPage title={t.title}>
      <nav aria-label={t.label}>
        <ul className="admin-menu">
          <li>
            <Link to={paths.admin.quotes.href()} className={unread > 0 ? 'admin-menu-unread' : undefined}>
              {messages.admin.quotes.menu(unread)}
            </Link>
          </li>
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link to={entry.to}>{entry.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-actions">
        <button type="button" disabled={isLoading} onClick={() => void quit()}>
          {t.quit}
        </button>
      </div>
    </AdminPage>
  );
}
