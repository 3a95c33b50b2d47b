import { ArrowLeft } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { NotFoundNotice } from '../../components/tenancy/NotFoundNotice';
import { BackLinkRow, PageHeader, ScrollingTabList } from '../../components/tenancy/PageParts';
import { isNotFound, useApplications, useProject } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { PageLoading } from '../../layout/PageLoading';
import { Alert } from '../../ui/Alert';
import { SelectField } from '../../ui/Select';
import { Tab, TabPanel, Tabs } from '../../ui/Tabs';
import {
  APPLICATION_RESOURCE_TYPES,
  applicationStatusVariant,
  INSTALLATION_FILTER_LIMIT,
  USER_TYPES,
  type LogFilters,
  type UserType,
} from '../Logs/logFilters';
import { LogList } from '../Logs/LogList';
import type { LogColumn } from '../Logs/LogTable';
import { PeriodSelect } from '../Logs/PeriodSelect';
import { useActivityLogs } from '../Logs/queries';
import { FilterBar, LogActions, ResourceTypeSelect, SearchField, SourceSelect } from '../Logs/Toolbar';
import { useLogFilters, useTypedFilter } from '../Logs/useLogFilters';
import { SummaryCards } from './SummaryCards';
import {
  AnonymousUsersTable,
  InstallationsTable,
  useAnonymousUsers,
  useInstallations,
} from './TrackingTables';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  /* A wide table scrolls inside its own region instead of widening the page. */
  > * {
    min-width: 0;
  }
`;

export const APPLICATION_LOG_COLUMNS: readonly LogColumn[] = [
  'time',
  'action',
  'resource',
  'user',
  'status',
  'responseTime',
  'method',
  'endpoint',
];

const TABS = ['all', 'api', 'installations', 'anonymous'] as const;
type TabValue = (typeof TABS)[number];

/**
 * SPEC §2 application logs (/projects/:projectId/logs, query app): the eight cards; all activity,
 * API calls, installations and anonymous users of the project or one of its applications.
 */
export default function ApplicationLogs() {
  const t = useT();
  const { projectId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const applicationId = searchParams.get('app') || undefined;
  const project = useProject(projectId);
  const applications = useApplications(projectId);
  const { filters: chosen, setFilter } = useLogFilters();
  const [search, setSearch] = useTypedFilter('search');

  const requested = searchParams.get('tab') as TabValue | null;
  const tab: TabValue = requested && TABS.includes(requested) ? requested : 'all';

  const projectApps = applications.data ?? [];
  const application = projectApps.find((app) => app.id === applicationId);
  const shownApps = application ? [application] : projectApps;
  const appIds = shownApps.map((app) => app.id);
  const names = new Map(shownApps.map((app) => [app.id, app.name]));

  const filters: LogFilters = {
    search: chosen.search,
    userType: chosen.userType,
    source: chosen.source,
    installationId: chosen.installationId,
    // The API Calls tab is the entries of resource type api (SPEC §9).
    resourceType: tab === 'api' ? 'api' : chosen.resourceType,
    period: chosen.period,
    projectId: applicationId ? undefined : projectId,
    applicationId,
  };
  const knownApp = !applicationId || Boolean(application);
  const logs = useActivityLogs(filters);
  const installations = useInstallations(knownApp ? appIds : []);
  const anonymousUsers = useAnonymousUsers(knownApp && tab === 'anonymous' ? appIds : []);

  if (project.isPending || applications.isPending) return <PageLoading />;
  if (project.isError && isNotFound(project.error))
    return (
      <NotFoundNotice
        title={t('projects.notFound')}
        text={t('projects.notFoundText')}
        backTo="/projects"
        backLabel={t('projects.backToProjects')}
      />
    );
  if (project.isError || applications.isError) return <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  if (!knownApp)
    return (
      <NotFoundNotice
        title={t('applications.notFound')}
        text={t('applications.notFoundText')}
        backTo={`/projects/${projectId}/logs`}
        backLabel={t('logs.app.allApplications')}
      />
    );

  const setTab = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === 'all') next.delete('tab');
    else next.set('tab', value);
    setSearchParams(next, { replace: true });
  };
  const setApplication = (id: string) => {
    const next = new URLSearchParams(searchParams);
    if (id) next.set('app', id);
    else next.delete('app');
    // Another application has other installations.
    next.delete('installation');
    setSearchParams(next, { replace: true });
  };
  const backTo = application
    ? `/projects/${projectId}/applications/${application.id}?tab=logs`
    : `/projects/${projectId}?tab=logs`;
  const logTab = tab === 'all' || tab === 'api';

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to={backTo}>
              <ArrowLeft aria-hidden="true" size={16} />
              {application ? application.name : project.data.name}
            </Link>
          </BackLinkRow>
        }
        title={t('logs.app.title')}
        intro={
          application
            ? t('logs.app.introApplication', { name: application.name, project: project.data.name })
            : t('logs.app.introProject', { project: project.data.name })
        }
        actions={<LogActions filters={filters} />}
      />
      <Page>
        <SummaryCards projectId={projectId} applicationId={applicationId} period={chosen.period} />
        <FilterBar role="search" aria-label={t('logs.filters')}>
          <SelectField
            label={t('logs.filter.application')}
            placeholder={t('logs.app.allApplications')}
            value={applicationId ?? ''}
            options={projectApps.map((app) => ({ value: app.id, label: app.name }))}
            onChange={(event) => setApplication(event.target.value)}
          />
          {logTab ? (
            <>
              <SearchField value={search} onChange={setSearch} />
              <SelectField
                label={t('logs.filter.userType')}
                placeholder={t('logs.filter.allUsers')}
                value={chosen.userType ?? ''}
                options={USER_TYPES.map((type) => ({ value: type, label: t(`logs.userType.${type}`) }))}
                onChange={(event) => setFilter('userType', (event.target.value as UserType) || undefined)}
              />
              <SelectField
                label={t('logs.filter.installation')}
                placeholder={t('logs.filter.allInstallations')}
                value={chosen.installationId ?? ''}
                options={installations.rows.slice(0, INSTALLATION_FILTER_LIMIT).map((installation) => ({
                  value: installation.installation_id,
                  label: installation.installation_id,
                }))}
                onChange={(event) => setFilter('installationId', event.target.value || undefined)}
              />
              {tab === 'all' ? (
                <ResourceTypeSelect
                  types={APPLICATION_RESOURCE_TYPES}
                  value={chosen.resourceType}
                  onChange={(type) => setFilter('resourceType', type)}
                />
              ) : null}
              <SourceSelect value={chosen.source} onChange={(source) => setFilter('source', source)} />
              <PeriodSelect value={chosen.period} onChange={(period) => setFilter('period', period)} />
            </>
          ) : null}
        </FilterBar>
        <Tabs value={tab} onValueChange={setTab}>
          <ScrollingTabList aria-label={t('logs.tabs')}>
            <Tab value="all">{t('logs.tab.all')}</Tab>
            <Tab value="api">{t('logs.tab.api')}</Tab>
            <Tab value="installations">{t('logs.tab.installations')}</Tab>
            <Tab value="anonymous">{t('logs.tab.anonymous')}</Tab>
          </ScrollingTabList>
          {(['all', 'api'] as const).map((value) => (
            <TabPanel key={value} value={value}>
              <LogList
                logs={logs}
                columns={APPLICATION_LOG_COLUMNS}
                label={t(value === 'all' ? 'logs.tab.all' : 'logs.tab.api')}
                statusVariant={applicationStatusVariant}
                filtered={Boolean(
                  filters.search ||
                  filters.userType ||
                  filters.source ||
                  filters.installationId ||
                  chosen.resourceType,
                )}
              />
            </TabPanel>
          ))}
          <TabPanel value="installations">
            <InstallationsTable list={installations} names={names} />
          </TabPanel>
          <TabPanel value="anonymous">
            <AnonymousUsersTable list={anonymousUsers} names={names} />
          </TabPanel>
        </Tabs>
      </Page>
    </>
  );
}
