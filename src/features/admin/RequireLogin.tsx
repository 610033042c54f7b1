// Admin screens redirect to admin/login when the session says the user is not logged in.
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { paths } from '../../app/paths';
import { selectIsLoggedIn } from '../auth/authSlice';

export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  return loggedIn ? children : <Navigate to={paths.admin.login.href()} replace />;
}
