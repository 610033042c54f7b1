// Leaving a screen with unsaved changes (add or update mode) asks first: in-app navigations
// through the router's blocker, reloads and closed tabs through beforeunload.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { messages } from '../../../messages/withAdmin';

export function useLeaveGuard(active: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(messages.admin.navigator.leave)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
}
