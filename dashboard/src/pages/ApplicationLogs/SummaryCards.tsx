import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { useFormatNumber } from '../Logs/format';
import { analyticsPeriodOf, type LogPeriod } from '../Logs/logFilters';
import { useAnalyticsSummary } from '../Analytics/queries';
import { useFunctionStatistics, type AnalyticsScope } from '../Logs/queries';
import { StatGrid } from '../Logs/StatGrid';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

/**
 * SPEC §2 application logs, the eight cards, for a project or one application: active users
 * of the last 24 hours; registered and anonymous users, API calls (successful: status below
 * 400, SPEC §9) and their average response time in the chosen period; installations of all time.
 */
export function SummaryCards({
  projectId,
  applicationId,
  period,
  refetchInterval,
}: {
  projectId: string;
  applicationId?: string;
  period: LogPeriod;
  refetchInterval?: number;
}) {
  const t = useT();
  const { number, milliseconds } = useFormatNumber();
  const where = applicationId ? { application_id: applicationId } : { project_id: projectId };
  const scope: AnalyticsScope = { period: analyticsPeriodOf(period), ...where };
  const options = { refetchInterval };
  const summaryWhere = applicationId ? { applicationId } : { projectId };
  const summaryOptions = { refetchInterval, keepPrevious: true };
  const summary = useAnalyticsSummary({ period: scope.period, ...summaryWhere }, summaryOptions);
  const lastDay = useAnalyticsSummary({ period: '24h', ...summaryWhere }, summaryOptions);
  const functions = useFunctionStatistics(scope, options);

  const totals = summary.data?.totals;
  const failed = summary.isError || lastDay.isError || functions.isError;
  return (
    <Stack>
      <StatGrid
        busy={summary.isFetching || lastDay.isFetching || functions.isFetching}
        stats={[
          { label: t('logs.card.activeUsers'), value: number(lastDay.data?.totals.active_users) },
          { label: t('logs.card.registered'), value: number(totals?.registered_users) },
          { label: t('logs.card.anonymous'), value: number(totals?.anonymous_users) },
          { label: t('logs.card.installations'), value: number(totals?.installations) },
          { label: t('logs.card.apiCalls'), value: number(totals?.requests) },
          { label: t('logs.card.successful'), value: number(totals && totals.requests - totals.errors) },
          { label: t('logs.card.failed'), value: number(totals?.errors) },
          { label: t('logs.card.avgResponse'), value: milliseconds(functions.data?.cards.avg_response_ms) },
        ]}
      />
      {period === 'all' ? <Note>{t('logs.allMeans90d')}</Note> : null}
      {failed ? <Alert tone="error">{t('logs.cards.loadFailed')}</Alert> : null}
    </Stack>
  );
}
