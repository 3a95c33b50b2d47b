import { lazy, useEffect } from 'react';
import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { AppLayout } from './layout/AppLayout';
import { PageLoading } from './layout/PageLoading';
import { RequireAuth } from './layout/RequireAuth';
import { Root } from './layout/Root';
import ErrorFallback from './pages/ErrorFallback';
import { RequireTwoFactorEnrolment } from './pages/Security/RequireTwoFactorEnrolment';
import { useSessionStore } from './stores/session';

// One lazily loaded chunk per area keeps the first page's JavaScript small.
const Landing = lazy(() => import('./pages/Landing'));
const Auth = lazy(() => import('./pages/Auth'));
const EmailConfirmation = lazy(() => import('./pages/EmailConfirmation'));
const DashboardLayout = lazy(() => import('./layout/DashboardLayout'));
const Dashboard = lazy(() => import('./pages/Dashboard'));
const Organizations = lazy(() => import('./pages/Organizations'));
const OrganizationRoles = lazy(() => import('./pages/Organizations/Roles'));
const Projects = lazy(() => import('./pages/Projects'));
const ProjectDetail = lazy(() => import('./pages/ProjectDetail'));
const ApplicationDetail = lazy(() => import('./pages/ApplicationDetail'));
const ApplicationLogs = lazy(() => import('./pages/ApplicationLogs'));
const SystemLogs = lazy(() => import('./pages/Logs'));
const Tokens = lazy(() => import('./pages/Tokens'));
const Analytics = lazy(() => import('./pages/Analytics'));
const ProductAnalytics = lazy(() => import('./pages/Analytics/product'));
const Alerts = lazy(() => import('./pages/Alerts'));
const AlertDetail = lazy(() => import('./pages/Alerts/Detail'));
const Admin = lazy(() => import('./pages/Admin'));
const Security = lazy(() => import('./pages/Security'));
const EmailTemplates = lazy(() => import('./pages/EmailTemplates'));
const ApplicationEmailTemplates = lazy(() => import('./pages/EmailTemplates/ApplicationTemplates'));
const ProjectEmailTemplates = lazy(() => import('./pages/EmailTemplates/ProjectTemplates'));
const Docs = lazy(() => import('./pages/Docs'));
const NotFound = lazy(() => import('./pages/NotFound'));
const AuthDemo = lazy(() => import('./pages/AuthDemo'));
const StatusPage = lazy(() => import('./pages/Status'));
// A project's hosted sign-in and account pages (/p/{project_id}/…), one chunk per page.
const HostedLayout = lazy(() => import('./pages/Hosted'));
const HostedSignIn = lazy(() => import('./pages/Hosted/SignIn'));
const HostedSignUp = lazy(() => import('./pages/Hosted/SignUp'));
const HostedReset = lazy(() => import('./pages/Hosted/Reset'));
const HostedConfirm = lazy(() => import('./pages/Hosted/Confirm'));
const HostedAccount = lazy(() => import('./pages/Hosted/Account'));
const HostedConsent = lazy(() => import('./pages/Hosted/Consent'));

/** SPEC §2: "/" is the dashboard when signed in, the landing page otherwise. */
function Home() {
  const status = useSessionStore((state) => state.status);
  const signedOutByUser = useSessionStore((state) => state.signedOutByUser);
  // Sign-out brought the user here; from now on protected pages lead to sign-in again.
  useEffect(() => {
    if (signedOutByUser) useSessionStore.setState({ signedOutByUser: false });
  }, [signedOutByUser]);
  if (status === 'loading') return <PageLoading message="session.checking" />;
  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  return <Landing />;
}

/** `/p/{project_id}` (or an unknown page under it) is the sign-in page, query kept. */
function HostedStart() {
  const { search } = useLocation();
  const { projectId = '' } = useParams();
  return <Navigate to={{ pathname: `/p/${encodeURIComponent(projectId)}/sign-in`, search }} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <ErrorFallback />,
    children: [
      { index: true, element: <Home /> },
      {
        path: 'p/:projectId',
        element: <HostedLayout />,
        children: [
          { index: true, element: <HostedStart /> },
          { path: 'sign-in', element: <HostedSignIn /> },
          { path: 'sign-up', element: <HostedSignUp /> },
          { path: 'reset', element: <HostedReset /> },
          { path: 'confirm', element: <HostedConfirm /> },
          { path: 'account', element: <HostedAccount /> },
          { path: 'consent', element: <HostedConsent /> },
          { path: '*', element: <HostedStart /> },
        ],
      },
      {
        element: <AppLayout />,
        children: [
          { path: 'auth', element: <Auth /> },
          { path: 'email-confirmation', element: <EmailConfirmation /> },
          { path: 'docs', element: <Docs /> },
          { path: 'api-docs', element: <Docs /> },
          { path: 'auth-demo', element: <AuthDemo /> },
          { path: 'status', element: <StatusPage /> },
          { path: '*', element: <NotFound /> },
        ],
      },
      {
        element: (
          <RequireAuth>
            <RequireTwoFactorEnrolment>
              <DashboardLayout />
            </RequireTwoFactorEnrolment>
          </RequireAuth>
        ),
        children: [
          { path: 'dashboard', element: <Dashboard /> },
          { path: 'organizations', element: <Organizations /> },
          { path: 'organizations/:organizationId/roles', element: <OrganizationRoles /> },
          { path: 'projects', element: <Projects /> },
          { path: 'projects/:projectId', element: <ProjectDetail /> },
          { path: 'projects/:projectId/applications/:applicationId', element: <ApplicationDetail /> },
          { path: 'projects/:projectId/logs', element: <ApplicationLogs /> },
          { path: 'tokens', element: <Tokens /> },
          { path: 'analytics', element: <Analytics /> },
          { path: 'analytics/:view', element: <ProductAnalytics /> },
          { path: 'alerts', element: <Alerts /> },
          // Alert mails link here ({DASHBOARD_URL}/alerts/{id}, docs/alerts.md).
          { path: 'alerts/:alertId', element: <AlertDetail /> },
          { path: 'logs', element: <SystemLogs /> },
          { path: 'admin', element: <Admin /> },
          { path: 'account/security', element: <Security /> },
          { path: 'email-templates', element: <EmailTemplates /> },
          { path: 'application-email-templates', element: <ApplicationEmailTemplates /> },
          { path: 'application-email-templates/:applicationId', element: <ApplicationEmailTemplates /> },
          { path: 'app-email-templates', element: <ProjectEmailTemplates /> },
        ],
      },
    ],
  },
];
