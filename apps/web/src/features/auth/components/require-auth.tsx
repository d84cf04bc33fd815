import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../context/use-auth.ts';

/**
 * Layout route for protected screens: without a session, /login, which brings the user back here
 * afterwards (unless they signed out themselves).
 */
export function RequireAuth() {
  const { isAuthenticated, signedOut } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={signedOut ? null : { from }} />;
  }
  return <Outlet />;
}
