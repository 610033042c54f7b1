// The admin area, loaded in its own chunk (see app/router.tsx): nothing here, nor React Final
// Form, nor md5, reaches the public pages. One guarded layout for every screen but the login.
import { Navigate, Outlet } from 'react-router';
import { useAppSelector } from '../../hooks/store';
import { paths } from '../../../contract/paths';
import { selectIsLoggedIn } from '../../lib/auth/authSlice';
import { categoryEditor, projectEditor, projectTypeEditor, testimonialEditor, userEditor } from './editors/editors';
import { RecordEditor } from './navigator/RecordEditor';
import { SubTypeEditor } from './SubTypeEditor';
import { QuotesInbox } from './quotes/QuotesInbox';
import { MenuEditor } from './site/MenuEditor';
import { SiteEditor } from './site/SiteEditor';
import { OrderEditor } from './order/OrderEditor';
import { TrashList } from './safety/TrashList';
import { JournalList } from './safety/JournalList';
import { SecurityScreen as Security } from './security/SecurityScreen';
import { StatsView } from './stats/StatsView';

export { AdminMenu } from './AdminMenu';
export { LoginScreen } from './LoginScreen';

/**
 * Every screen but the login: nothing until the saved session is restored (redux-persist, when
 * it runs: not in tests that start with a session), then the screen, or admin/login without one.
 */
export function AdminLayout() {
  const restoring = useAppSelector((state) => state.auth._persist?.rehydrated === false);
  const loggedIn = useAppSelector(selectIsLoggedIn);
  if (restoring) return null;
  return loggedIn ? <Outlet /> : <Navigate to={paths.admin.login.href()} replace />;
}

export const CategoryEditorScreen = () => <RecordEditor config={categoryEditor} />;
export const ProjectTypeEditorScreen = () => <RecordEditor config={projectTypeEditor} />;
export const ProjectEditorScreen = () => <RecordEditor config={projectEditor} />;
export const UserEditorScreen = () => <RecordEditor config={userEditor} />;
export const SubTypeEditorScreen = () => <SubTypeEditor />;
export const QuotesInboxScreen = () => <QuotesInbox />;
export const SiteEditorScreen = () => <SiteEditor />;
export const MenuEditorScreen = () => <MenuEditor />;
export const OrderScreen = () => <OrderEditor />;
export const TestimonialEditorScreen = () => <RecordEditor config={testimonialEditor} />;
export const TrashScreen = () => <TrashList />;
export const JournalScreen = () => <JournalList />;
export const SecurityScreen = () => <Security />;
export const StatsScreen = () => <StatsView />;
