import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, BarChart3 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import styled from 'styled-components';
import { ApiError } from '../../api/client';
import { BackLinkRow, PageHeader } from '../../components/tenancy/PageParts';
import { useApplications, useOrganizations, useProjects } from '../../components/tenancy/queries';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons, VisuallyHidden } from '../../ui/Skeleton';
import { ActivityList } from './ActivityList';
import { useChartData, useSeriesNames } from './chartData';
import { ChartFigure, TrafficChart, UsersChart } from './ChartFigure';
import { Filters, type FilterValues } from './Filters';
import { HealthCard, Latency, Section, TopEndpoints, TopEvents } from './Panels';
import {
  analyticsKeys,
  PERIODS,
  useAnalyticsSummary,
  useHealthHistory,
  useScopedActivity,
  type AnalyticsScope,
  type AnalyticsSummary,
  type Period,
} from './queries';
import { AnalyticsNav } from './product/AnalyticsNav';
import { SummaryCards } from './SummaryCards';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  align-items: start;
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Wide = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  align-items: start;
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  min-width: 0;
`;

const ErrorRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  justify-items: start;
`;

const CHART_HEIGHT = 260;

/** The filters as the URL says (`period`, `organization`, `project`, `app`), so views can be linked. */
function useFilterParams(): [FilterValues, (next: FilterValues) => void] {
  const [params, setParams] = useSearchParams();
  const period = params.get('period');
  const values: FilterValues = {
    period: PERIODS.includes(period as Period) ? (period as Period) : '24h',
    organizationId: params.get('organization') ?? '',
    projectId: params.get('project') ?? '',
    applicationId: params.get('app') ?? '',
  };
  // Only the narrowest choice goes into the address: the wider ones follow from it.
  const update = (next: FilterValues) => {
    const query = new URLSearchParams();
    if (next.period !== '24h') query.set('period', next.period);
    if (next.applicationId) query.set('app', next.applicationId);
    else if (next.projectId) query.set('project', next.projectId);
    else if (next.organizationId) query.set('organization', next.organizationId);
    setParams(query, { replace: true });
  };
  return [values, update];
}

/** The two charts of the period, each with its text alternative. */
function Charts({ summary }: { summary: AnalyticsSummary }) {
  const t = useT();
  const names = useSeriesNames();
  const chart = useChartData(summary)!;
  return (
    <Columns>
      <Section aria-label={t('analytics.chart.traffic')}>
        <ChartFigure
          title={t('analytics.chart.traffic')}
          summary={chart.traffic}
          points={chart.points}
          height={CHART_HEIGHT}
          columns={[
            { key: 'requests', label: names.requests },
            { key: 'errors', label: names.errors },
          ]}
        >
          <TrafficChart data={chart.points} names={names} title={t('analytics.chart.traffic')} />
        </ChartFigure>
      </Section>
      <Section aria-label={t('analytics.chart.users')}>
        <ChartFigure
          title={t('analytics.chart.users')}
          summary={chart.users}
          points={chart.points}
          height={CHART_HEIGHT}
          columns={[{ key: 'active_users', label: names.activeUsers }]}
        >
          <UsersChart data={chart.points} names={names} title={t('analytics.chart.users')} />
        </ChartFigure>
      </Section>
    </Columns>
  );
}

function hasData(summary: AnalyticsSummary): boolean {
  const { totals } = summary;
  return totals.requests + totals.events + totals.active_users > 0;
}

/**
 * SPEC §2 /analytics with real figures (issue #11): period and cascading filters (query `app`
 * preselects an application), refresh, cards with the change against the period before, charts,
 * top endpoints and events, latency percentiles, the sampled health and the 10 newest activities.
 */
export default function Analytics() {
  const t = useT();
  const queryClient = useQueryClient();
  const [values, setValues] = useFilterParams();
  const organizations = useOrganizations();
  const projects = useProjects();
  const applications = useApplications();

  // The selects show where a preselected application or project belongs.
  const application = applications.data?.find((entry) => entry.id === values.applicationId);
  const projectId = values.projectId || application?.project_id || '';
  const project = projects.data?.find((entry) => entry.id === projectId);
  const organizationId =
    values.organizationId || project?.organization_id || application?.organization_id || '';

  // The API scopes by the narrowest choice; it answers 404 for what the caller may not see.
  const scope: AnalyticsScope = values.applicationId
    ? { period: values.period, applicationId: values.applicationId }
    : values.projectId
      ? { period: values.period, projectId: values.projectId }
      : { period: values.period, organizationId: values.organizationId || undefined };
  const summary = useAnalyticsSummary(scope);
  const health = useHealthHistory(values.period);
  const activity = useScopedActivity(scope);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
    void activity.refetch();
  };
  const notFound = summary.error instanceof ApiError && [400, 404].includes(summary.error.status);

  return (
    <Page>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/dashboard">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('analytics.back')}
            </Link>
          </BackLinkRow>
        }
        title={t('analytics.title')}
        intro={t('analytics.intro')}
      />
      <AnalyticsNav />
      <Filters
        values={{ ...values, organizationId, projectId }}
        organizations={organizations.data ?? []}
        projects={projects.data ?? []}
        applications={applications.data ?? []}
        refreshing={summary.isFetching}
        onChange={setValues}
        onRefresh={refresh}
      />

      <section aria-labelledby="analytics-figures">
        <VisuallyHidden as="h2" id="analytics-figures">
          {t('analytics.cards.label')}
        </VisuallyHidden>
        {summary.isError ? (
          <ErrorRow>
            <Alert tone="error">{notFound ? t('analytics.notFound') : t('analytics.loadFailed')}</Alert>
            {notFound ? (
              <Button
                type="button"
                $variant="secondary"
                onClick={() => setValues({ ...values, organizationId: '', projectId: '', applicationId: '' })}
              >
                {t('analytics.resetFilters')}
              </Button>
            ) : (
              <Button type="button" $variant="secondary" onClick={() => void summary.refetch()}>
                {t('analytics.retry')}
              </Button>
            )}
          </ErrorRow>
        ) : (
          <SummaryCards summary={summary.data} />
        )}
      </section>

      {summary.isPending ? (
        <Columns>
          <Skeletons count={2} height={CHART_HEIGHT + 48} label={t('common.loading')} />
        </Columns>
      ) : summary.isError ? null : hasData(summary.data) ? (
        <>
          <Charts summary={summary.data} />
          <TopEndpoints summary={summary.data} />
          <Columns>
            <TopEvents summary={summary.data} />
            <Latency summary={summary.data} />
          </Columns>
        </>
      ) : (
        <EmptyState
          icon={<BarChart3 aria-hidden="true" size={32} />}
          title={t('analytics.empty.title')}
          text={t('analytics.empty.text')}
        />
      )}

      <Wide>
        <Section aria-labelledby="analytics-activity-title">
          <h2 id="analytics-activity-title">{t('analytics.activity.title')}</h2>
          <ActivityList
            query={activity}
            emptyText={t('analytics.activity.empty')}
            failedText={t('analytics.activity.loadFailed')}
          />
        </Section>
        <Stack>
          <HealthCard health={health} />
        </Stack>
      </Wide>
    </Page>
  );
}
