import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import ErrorFallback from './pages/ErrorFallback';

// One lazily loaded chunk per area keeps the first page's JavaScript small.
const Home = lazy(() => import('./pages/Home'));
const NotFound = lazy(() => import('./pages/NotFound'));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorFallback />,
    children: [
      { index: true, element: <Home /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
