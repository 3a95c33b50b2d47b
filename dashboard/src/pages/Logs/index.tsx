import { ArrowLeft, Terminal } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { BackLinkRow, PageHeader, ScrollingTabList } from '../../components/tenancy/PageParts';
import { useT } from '../../i18n/useT';
import { TextField } from '../../ui/Field';
import { ButtonRouterLink } from '../../ui/Button';
import { Tab, TabPanel, Tabs } from '../../ui/Tabs';
import { FunctionStatistics } from './FunctionStatistics';
import { RESOURCE_TYPES, systemStatusVariant, withFilter, type LogFilters } from './logFilters';
import { LogList } from './LogList';
import type { LogColumn } from './LogTable';
import { PeriodSelect } from './PeriodSelect';
import { useActivityLogs } from './queries';
import { FilterBar, LogActions, ResourceTypeSelect, SearchField, SourceSelect } from './Toolbar';
import { useLogFilters, useTypedFilter } from './useLogFilters';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  /* A wide table scrolls inside its own region instead of widening the page. */
  > * {
    min-width: 0;
  }
`;

/** SPEC §2 system logs: the log table's columns, in its order. */
const COLUMNS: readonly LogColumn[] = [
  'time',
  'action',
  'resource',
  'status',
  'responseTime',
  'installation',
  'ip',
  'method',
  'endpoint',
];

/**
 * SPEC §2: "a button opens the backend function logs". Our backend functions are the API's
 * `/functions/v1/…` routes (send-email, ai-documentation), logged into the same activity logs; the
 * button shows those entries (search on the endpoint) in the period on screen.
 */
const FUNCTION_ROUTES_PREFIX = '/functions/v1/';

function functionLogsLink(period: LogFilters['period']): string {
  const params = withFilter(
    withFilter(new URLSearchParams(), 'search', FUNCTION_ROUTES_PREFIX),
    'period',
    period,
  );
  return `/logs?${params.toString()}`;
}

const TABS = ['activity', 'functions'] as const;
type TabValue = (typeof TABS)[number];

/**
 * SPEC §2 /logs, the system logs: every entry the caller may see (their organizations and own
 * account) with search, action, resource type and period; and the function statistics.
 */
export default function SystemLogs() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters: chosen, setFilter } = useLogFilters();
  const [search, setSearch] = useTypedFilter('search');
  const [action, setAction] = useTypedFilter('action');
  const actionsId = useId();
  const filters: LogFilters = {
    search: chosen.search,
    action: chosen.action,
    resourceType: chosen.resourceType,
    source: chosen.source,
    period: chosen.period,
  };
  const logs = useActivityLogs(filters);
  // The action field suggests the actions of the entries on screen.
  const actions = [...new Set((logs.data?.data ?? []).map((log) => log.action))].sort();

  const requested = searchParams.get('tab') as TabValue | null;
  const tab: TabValue = requested && TABS.includes(requested) ? requested : 'activity';

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('logs.backToDashboard')}
            </Link>
          </BackLinkRow>
        }
        title={t('logs.system.title')}
        intro={t('logs.system.intro')}
        actions={
          <>
            <ButtonRouterLink
              to={functionLogsLink(chosen.period)}
              $variant="secondary"
              title={t('logs.functionLogsHint')}
              data-testid="function-logs-button"
            >
              <Terminal aria-hidden="true" size={16} />
              {t('logs.functionLogs')}
            </ButtonRouterLink>
            <LogActions filters={filters} />
          </>
        }
      />
      <Page>
        <FilterBar role="search" aria-label={t('logs.filters')}>
          {tab === 'activity' ? (
            <>
              <SearchField value={search} onChange={setSearch} />
              <TextField
                label={t('logs.filter.action')}
                list={actionsId}
                placeholder={t('logs.filter.actionPlaceholder')}
                value={action}
                onChange={(event) => setAction(event.target.value)}
              />
              <datalist id={actionsId}>
                {actions.map((action) => (
                  <option key={action} value={action} />
                ))}
              </datalist>
              <ResourceTypeSelect
                types={RESOURCE_TYPES}
                value={chosen.resourceType}
                onChange={(type) => setFilter('resourceType', type)}
              />
              <SourceSelect value={chosen.source} onChange={(source) => setFilter('source', source)} />
            </>
          ) : null}
          <PeriodSelect value={chosen.period} onChange={(period) => setFilter('period', period)} />
        </FilterBar>
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = new URLSearchParams(searchParams);
            if (value === 'activity') next.delete('tab');
            else next.set('tab', value);
            setSearchParams(next, { replace: true });
          }}
        >
          <ScrollingTabList aria-label={t('logs.tabs')}>
            <Tab value="activity">{t('logs.tab.activityLogs')}</Tab>
            <Tab value="functions">{t('logs.tab.functions')}</Tab>
          </ScrollingTabList>
          <TabPanel value="activity">
            <LogList
              logs={logs}
              columns={COLUMNS}
              label={t('logs.system.table')}
              statusVariant={systemStatusVariant}
              filtered={Boolean(filters.search || filters.action || filters.resourceType || filters.source)}
            />
          </TabPanel>
          <TabPanel value="functions">
            <FunctionStatistics period={chosen.period} />
          </TabPanel>
        </Tabs>
      </Page>
    </>
  );
}
