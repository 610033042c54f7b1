// The admin screens, loaded in their own chunk (see app/router.tsx): nothing here, nor React
// Final Form, nor md5, reaches the public pages. Every screen but the login requires a session.
import { AdminMenu } from './AdminMenu';
import { categoryEditor, projectEditor, projectTypeEditor, userEditor } from './editors/editors';
import { RecordEditor } from './navigator/RecordEditor';
import { RequireLogin } from './RequireLogin';
import { SubTypeEditor } from './SubTypeEditor';
import { QuotesInbox } from '../quotes/QuotesInbox';

export { LoginScreen } from './LoginScreen';

export const AdminMenuScreen = () => (
  <RequireLogin>
    <AdminMenu />
  </RequireLogin>
);

export const CategoryEditorScreen = () => (
  <RequireLogin>
    <RecordEditor config={categoryEditor} />
  </RequireLogin>
);

export const ProjectTypeEditorScreen = () => (
  <RequireLogin>
    <RecordEditor config={projectTypeEditor} />
  </RequireLogin>
);

export const ProjectEditorScreen = () => (
  <RequireLogin>
    <RecordEditor config={projectEditor} />
  </RequireLogin>
);

export const UserEditorScreen = () => (
  <RequireLogin>
    <RecordEditor config={userEditor} />
  </RequireLogin>
);

export const SubTypeEditorScreen = () => (
  <RequireLogin>
    <SubTypeEditor />
  </RequireLogin>
);

export const QuotesInboxScreen = () => (
  <RequireLogin>
    <QuotesInbox />
  </RequireLogin>
);
