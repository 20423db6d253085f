import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionFlow } from '../views/hooks';

/**
 * Spec §6: a login-required route opened without token and user info tells the session machine,
 * which says "Please log in first", clears the session and goes to /login after 200 ms.
 */
export function RequireLogin() {
  const session = useSessionFlow();
  const { hasSession, requireLogin } = session;
  // effect: the route's guard; arriving signed out asks the session to go to login (a command, once per arrival).
  useEffect(() => {
    if (!hasSession) requireLogin();
  }, [hasSession, requireLogin]);
  return hasSession ? <Outlet /> : null;
}
