import { useQueryClient } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { CreateOrganizationDialog } from '../../components/dialogs/CreateOrganizationDialog';
import { CreateProjectDialog } from '../../components/dialogs/CreateProjectDialog';
import { CreateTokenDialog } from '../../components/dialogs/CreateTokenDialog';
import { InviteMemberDialog } from '../../components/dialogs/InviteMemberDialog';
import { useApplications, useOrganizations, useProjects } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { useSessionStore } from '../../stores/session';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { ACTIVITY_KEY, useActiveTokenCount } from './queries';
import { QuickActions, type QuickAction } from './QuickActions';
import { RecentActivity } from './RecentActivity';
import { StatCards, type StatValue } from './StatCards';
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

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  min-width: 0;
`;

/** A query's state as a stat card shows it. */
function statOf(query: { isPending: boolean; isError: boolean; data?: unknown[] }): StatValue {
  return { pending: query.isPending, failed: query.isError, count: query.data?.length };
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
          organizations={statOf(organizations)}
          projects={statOf(projects)}
          applications={statOf(applications)}
          activeTokens={{
            pending: activeTokens.isPending,
            failed: activeTokens.isError,
            count: activeTokens.data?.count,
            more: activeTokens.data?.more,
          }}
        />
      )}

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
