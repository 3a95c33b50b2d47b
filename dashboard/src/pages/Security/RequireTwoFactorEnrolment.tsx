import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../../stores/session';

export const SECURITY_PATH = '/account/security';

/**
 * An organization of the user requires two-factor sign-in and the account has none yet
 * (`mfa_enrollment_required` from /auth/me): every signed-in page leads to the security page,
 * which explains why, until a second factor is set up. The API refuses that organization's
 * resources meanwhile (403 two_factor_required) but keeps answering the account's own routes, so
 * enrolling itself can never be locked out.
 */
export function RequireTwoFactorEnrolment({ children }: { children: ReactNode }) {
  const required = useSessionStore((state) => state.session?.user.mfa_enrollment_required === true);
  const { pathname } = useLocation();
  if (required && pathname !== SECURITY_PATH) return <Navigate to={SECURITY_PATH} replace />;
  return children;
}
