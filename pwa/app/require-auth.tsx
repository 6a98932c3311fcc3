/**
 * Protected routes (docs/product.md#screens): a spinner while the auth state loads; not signed in → /login with the
 * original location kept as 'from' (history replaced); signed in without the role → the 'Admin Access
 * Required' panel. Admins pass every role check. A returning user whose user record is cached is
 * 'authenticated' at once while the session is re-checked (auth-context.tsx), so they see no spinner;
 * a refused session still lands on /login.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '../components/spinner';
import { hasRole, useAuth } from './auth-context';
import type { Role } from '../../shared/constants';
import { AccessDenied } from './access-denied';

export function RequireAuth({ roles, children }: { roles?: readonly Role[]; children?: ReactNode }) {
  const { status, user, signedOutFrom } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'unauthenticated' || !user) {
    // after 'Sign out' the page being left was not asked for: the next sign-in starts at the user's
    // home; any other protected page (opened later, or by Back) is remembered as usual
    const leaving = signedOutFrom === location.pathname + location.search;
    return <Navigate to="/login" replace state={leaving ? undefined : { from: location }} />;
  }
  if (roles && !hasRole(user, roles)) return <AccessDenied />;
  return <>{children ?? <Outlet />}</>;
}
