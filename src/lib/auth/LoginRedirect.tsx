import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../hooks/store';
import { paths } from '../../../contract/paths';
import { loginRedirectDone, selectLoginRedirect } from './authSlice';

/** Takes the user to admin/login when the HTTP layer asks for it (401 after refresh, 403). */
export function LoginRedirect() {
  const wanted = useAppSelector(selectLoginRedirect);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useEffect(() => {
    if (!wanted) return;
    dispatch(loginRedirectDone());
    void navigate(paths.admin.login.href());
  }, [wanted, dispatch, navigate]);
  return null;
}
