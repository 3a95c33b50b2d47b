import { useQueryClient } from '@tanstack/react-query';
import {
  Activity,
  AlertTriangle,
  AppWindow,
  Building2,
  FolderKanban,
  KeyRound,
  Smartphone,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { CreateOrganizationDialog } from '../../components/dialogs/CreateOrganizationDialog';
import { CreateProjectDialog } from '../../components/dialogs/CreateProjectDialog';
import { CreateTokenDialog } from '../../components/dialogs/CreateTokenDialog';
import { InviteMemberDialog } from '../../components/dialogs/InviteMemberDialog';
import { FirstRunChecklist } from '../../components/onboarding/FirstRunChecklist';
import { useApplications, useOrganizations, useProjects } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { useSessionStore } from '../../stores/session';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { useAnalyticsFormat } from '../Analytics/format';
import { useAnalyticsSummary, type AnalyticsTotals } from '../Analytics/queries';
import { ACTIVITY_KEY, useActiveTokenCount } from './queries';
import { QuickActions, type QuickAction } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { StatCards, type Stat, type StatValue } from './StatCards';
import { SystemStatus } from './SystemStatus';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  min-width: 0;
`;

const Welcome = styled.section`
  h1 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: clamp(1.5rem, 4vw, 2rem);
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  align-items: start;
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

const Figures = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  min-width: 0;
`;

/** A list query's length as a stat card shows it. */
function countOf(query: { isPending: boolean; isError: boolean; data?: unknown[] }): StatValue {
  return { pending: query.isPending, failed: query.isError, text: query.data?.length.toString() };
}

/** The last 24 hours from the analytics summary: installations, active users, API calls, error rate. */
function useUsageStats(): Stat[] {
  const summary = useAnalyticsSummary({ period: '24h' });
  const format = useAnalyticsFormat();
  const value = (show: (totals: AnalyticsTotals) => string): StatValue => ({
    pending: summary.isPending,
    failed: summary.isError,
    text: summary.data ? show(summary.data.totals) : undefined,
  });
  return [
    {
      id: 'installations',
      label: 'home.metrics.installations',
      to: '/analytics',
      icon: <Smartphone aria-hidden="true" size={24} />,
      value: value((totals) => format.count(totals.installations)),
    },
    {
      id: 'activeUsers',
      label: 'home.metrics.activeUsers',
      to: '/analytics',
      icon: <Users aria-hidden="true" size={24} />,
      value: value((totals) => format.count(totals.active_users)),
    },
    {
      id: 'apiCalls',
      label: 'home.metrics.apiCalls',
      to: '/analytics',
      icon: <Activity aria-hidden="true" size={24} />,
      value: value((totals) => format.count(totals.requests)),
    },
    {
      id: 'errorRate',
      label: 'home.metrics.errorRate',
      to: '/analytics',
      icon: <AlertTriangle aria-hidden="true" size={24} />,
      value: value((totals) => format.percent(totals.error_rate)),
    },
  ];
}

/**
 * SPEC §2 /dashboard, the signed-in home: welcome, the real counts of the caller's
 * organizations, projects, applications and active tokens, quick actions opening the create
 * dialogs, recent activity and the system status. Without an organization yet, a first step.
 */
export default function Dashboard() {
  const t = useT();
  const queryClient = useQueryClient();
  const user = useSessionStore((state) => state.session?.user);
  const [dialog, setDialog] = useState<QuickAction | null>(null);

  const organizations = useOrganizations();
  const projects = useProjects();
  const applications = useApplications();
  const activeTokens = useActiveTokenCount();
  const usage = useUsageStats();
  const hasNothingYet = organizations.isSuccess && organizations.data.length === 0;

  const dialogProps = (action: QuickAction) => ({
    open: dialog === action,
    onOpenChange: (open: boolean) => setDialog(open ? action : null),
    onCreated: () => void queryClient.invalidateQueries({ queryKey: ACTIVITY_KEY }),
  });

  return (
    <Page>
      <Welcome>
        <h1>{t('dashboard.welcome', { name: user?.display_name || user?.email || '' })}</h1>
        <p>{t('dashboard.intro')}</p>
      </Welcome>

      <FirstRunChecklist />

      {hasNothingYet ? (
        <EmptyState
          icon={<Building2 aria-hidden="true" size={32} />}
          title={t('home.empty.title')}
          text={t('home.empty.text')}
          action={
            <Button type="button" onClick={() => setDialog('organization')}>
              {t('home.empty.cta')}
            </Button>
          }
        />
      ) : (
        <StatCards
          label={t('home.stats.label')}
          stats={[
            {
              id: 'organizations',
              label: 'home.stats.organizations',
              to: '/organizations',
              icon: <Building2 aria-hidden="true" size={24} />,
              value: countOf(organizations),
            },
            {
              id: 'projects',
              label: 'home.stats.projects',
              to: '/projects',
              icon: <FolderKanban aria-hidden="true" size={24} />,
              value: countOf(projects),
            },
            {
              id: 'applications',
              label: 'home.stats.applications',
              to: '/projects',
              icon: <AppWindow aria-hidden="true" size={24} />,
              value: countOf(applications),
            },
            {
              id: 'activeTokens',
              label: 'home.stats.activeTokens',
              to: '/tokens',
              icon: <KeyRound aria-hidden="true" size={24} />,
              value: {
                pending: activeTokens.isPending,
                failed: activeTokens.isError,
                text: activeTokens.data
                  ? activeTokens.data.more
                    ? t('home.stats.more', { count: String(activeTokens.data.count) })
                    : String(activeTokens.data.count)
                  : undefined,
              },
            },
          ]}
        />
      )}

      <Figures aria-labelledby="usage-title">
        <h2 id="usage-title">{t('home.metrics.title')}</h2>
        <StatCards label={t('home.metrics.title')} stats={usage} />
      </Figures>

      <Columns>
        <Stack>
          {hasNothingYet ? null : <QuickActions onAction={setDialog} />}
          <RecentActivity />
        </Stack>
        <SystemStatus />
      </Columns>

      <CreateOrganizationDialog {...dialogProps('organization')} />
      <CreateProjectDialog {...dialogProps('project')} />
      <InviteMemberDialog {...dialogProps('invite')} />
      <CreateTokenDialog {...dialogProps('token')} />
    </Page>
  );
}
