import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { LinkPanel } from '../../components/tenancy/LinkPanel';
import { NotFoundNotice } from '../../components/tenancy/NotFoundNotice';
import { BackLinkRow, Muted, PageHeader, ScrollingTabList } from '../../components/tenancy/PageParts';
import { isNotFound, useOrganizations, useProject } from '../../components/tenancy/queries';
import { useErrorToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { PageLoading } from '../../layout/PageLoading';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Tab, TabPanel, Tabs } from '../../ui/Tabs';
import { AnalyticsTab } from './AnalyticsTab';
import { AppRolesTab } from './AppRoles';
import { ApplicationsTab } from './ApplicationsTab';
import { LogsTab } from './LogsTab';
import { PoliciesPanel } from './Policies';
import { PoolSettingsTab } from './PoolSettings';
import { PoolUsersTab } from './PoolUsers';
import { ProjectSettings } from './ProjectSettings';

/** Nine tabs: each at least as wide as its label, so "Benutzer & Anmeldung" stays on one line. */
const ProjectTabList = styled(ScrollingTabList)`
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-auto-columns: minmax(max-content, 1fr);
  }
`;

const TABS = [
  'applications',
  'users',
  'sign-in',
  'roles',
  'policies',
  'analytics',
  'logs',
  'email',
  'settings',
] as const;
type TabValue = (typeof TABS)[number];

/**
 * SPEC §2 /projects/{projectId}: applications, the pool's users and sign-in settings (issue #31),
 * links to analytics, logs and e-mail, settings.
 */
export default function ProjectDetail() {
  const t = useT();
  const { projectId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const project = useProject(projectId);
  const organizations = useOrganizations();
  const notFound = project.isError && isNotFound(project.error);
  useErrorToast(notFound ? null : project.error, 'projects.loadFailed');

  const requested = searchParams.get('tab') as TabValue | null;
  const tab: TabValue = requested && TABS.includes(requested) ? requested : 'applications';

  if (project.isPending) return <PageLoading />;
  if (notFound)
    return (
      <NotFoundNotice
        title={t('projects.notFound')}
        text={t('projects.notFoundText')}
        backTo="/projects"
        backLabel={t('projects.backToProjects')}
      />
    );
  if (project.isError) return <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;

  const data = project.data;
  const organization = organizations.data?.find((entry) => entry.id === data.organization_id);

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/projects">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('projects.backToProjects')}
            </Link>
          </BackLinkRow>
        }
        title={data.name}
        intro={
          <>
            <Badge $tone={data.environment === 'production' ? 'warning' : 'info'}>
              {t(`projects.environment.${data.environment}`)}
            </Badge>{' '}
            <Muted>
              @{data.slug}
              {organization ? ` · ${organization.name}` : ''}
            </Muted>
            {data.description ? (
              <>
                <br />
                {data.description}
              </>
            ) : null}
          </>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(searchParams);
          if (value === 'applications') next.delete('tab');
          else next.set('tab', value);
          setSearchParams(next, { replace: true });
        }}
      >
        <ProjectTabList aria-label={t('projects.detail.tabs')}>
          <Tab value="applications">{t('projects.detail.applications')}</Tab>
          <Tab value="users">{t('projects.detail.users')}</Tab>
          <Tab value="sign-in">{t('projects.detail.signIn')}</Tab>
          <Tab value="roles">{t('projects.detail.appRoles')}</Tab>
          <Tab value="policies">{t('policies.tab')}</Tab>
          <Tab value="analytics">{t('projects.detail.analytics')}</Tab>
          <Tab value="logs">{t('projects.detail.logs')}</Tab>
          <Tab value="email">{t('projects.detail.emailTemplates')}</Tab>
          <Tab value="settings">{t('projects.detail.settings')}</Tab>
        </ProjectTabList>
        <TabPanel value="applications">
          <ApplicationsTab project={data} />
        </TabPanel>
        <TabPanel value="users">
          <PoolUsersTab project={data} />
        </TabPanel>
        <TabPanel value="sign-in">
          <PoolSettingsTab project={data} />
        </TabPanel>
        <TabPanel value="roles">
          <AppRolesTab project={data} />
        </TabPanel>
        <TabPanel value="policies">
          <PoliciesPanel owner={{ kind: 'project', id: data.id, organizationId: data.organization_id }} />
        </TabPanel>
        <TabPanel value="analytics">
          <AnalyticsTab project={data} />
        </TabPanel>
        <TabPanel value="logs">
          <LogsTab project={data} />
        </TabPanel>
        <TabPanel value="email">
          <LinkPanel
            title={t('projects.detail.emailTemplates')}
            text={t('projects.detail.emailText')}
            links={[{ to: `/app-email-templates?project=${data.id}`, label: t('projects.detail.openEmail') }]}
          />
        </TabPanel>
        <TabPanel value="settings">
          <ProjectSettings project={data} />
        </TabPanel>
      </Tabs>
    </>
  );
}
