import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../stores/session';
import { PageLoading } from './PageLoading';

/** Where to go after sign-in: only paths inside this app, never another site or /auth itself. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  if (target === '/auth' || target.startsWith('/auth?') || target.startsWith('/auth/')) return fallback;
  return target;
}

/**
 * Guards the signed-in area (SPEC §2): visitors are sent to /auth with the page they wanted in
 * `?redirect=`, and come back to it after signing in. A user who just signed out goes home.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const signedOutByUser = useSessionStore((state) => state.signedOutByUser);
  const location = useLocation();
  if (status === 'loading') return <PageLoading message="session.checking" />;
  if (status === 'signedOut') {
    if (signedOutByUser) return <Navigate to="/" replace />;
    const target = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return children;
}
