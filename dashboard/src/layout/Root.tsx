import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { startAutoRefresh } from '../stores/session';
import { PageLoading } from './PageLoading';

// Not needed for the first paint; toasts raised meanwhile wait in their store.
const Toaster = lazy(() => import('../ui/Toast'));

/** The frame of every screen: automatic session renewal, lazy-route fallback and the toasts. */
export function Root() {
  useEffect(() => startAutoRefresh(), []);
  return (
    <>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
