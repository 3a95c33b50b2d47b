import { BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { NoWrap, Table, TableScroller } from './DataTable';
import { useFormatNumber, useResourceLabel } from './format';
import { analyticsPeriodOf, successRateVariant, withFilter, type LogPeriod } from './logFilters';
import { useFunctionStatistics } from './queries';
import { StatGrid } from './StatGrid';
import { VariantBadge } from './VariantBadge';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

/** "GET /api/v1/projects/:id" → the route pattern, which the activity search finds in the endpoint. */
function endpointOf(name: string): string {
  return name.includes(' ') ? name.slice(name.indexOf(' ') + 1) : name;
}

/**
 * SPEC §2 system logs, Function Statistics: the four cards and every API function ranked by
 * use, with average response time and success rate (badges by SPEC §9). A function's logs open
 * in the Activity Logs tab, searched for its route (our stand-in for the SPEC's external console).
 */
export function FunctionStatistics({ period }: { period: LogPeriod }) {
  const t = useT();
  const { number, milliseconds, percent } = useFormatNumber();
  const resourceLabel = useResourceLabel();
  const statistics = useFunctionStatistics({ period: analyticsPeriodOf(period) });

  if (statistics.isPending) return <Skeletons count={4} height={48} label={t('common.loading')} />;
  if (statistics.isError)
    return (
      <Stack>
        <Alert tone="error">
          {t('logs.functions.loadFailed')}: {describeError(statistics.error, t)}
        </Alert>
        <div>
          <Button type="button" $variant="secondary" onClick={() => void statistics.refetch()}>
            {t('logs.retry')}
          </Button>
        </div>
      </Stack>
    );

  const { cards, functions } = statistics.data;
  const logsLink = (name: string) => {
    const params = withFilter(new URLSearchParams(), 'search', endpointOf(name));
    if (period !== '7d') params.set('period', period);
    return `/logs?${params.toString()}`;
  };
  return (
    <Stack>
      <StatGrid
        busy={statistics.isFetching}
        stats={[
          { label: t('logs.functions.totalRequests'), value: number(cards.total_requests) },
          { label: t('logs.functions.uniqueFunctions'), value: number(cards.unique_functions) },
          { label: t('logs.functions.resourceTypes'), value: number(cards.resource_types) },
          { label: t('logs.functions.avgResponse'), value: milliseconds(cards.avg_response_ms) },
        ]}
      />
      {period === 'all' ? <Note>{t('logs.allMeans90d')}</Note> : null}
      {functions.length === 0 ? (
        <EmptyState
          headingLevel={3}
          icon={<BarChart3 aria-hidden="true" size={32} />}
          title={t('logs.functions.empty.title')}
          text={t('logs.functions.empty.text')}
        />
      ) : (
        <TableScroller role="region" aria-label={t('logs.functions.table')} tabIndex={0}>
          <Table>
            <thead>
              <tr>
                <th scope="col">{t('logs.functions.rank')}</th>
                <th scope="col">{t('logs.functions.function')}</th>
                <th scope="col">{t('logs.functions.resourceType')}</th>
                <th scope="col">{t('logs.functions.count')}</th>
                <th scope="col">{t('logs.functions.avgResponseColumn')}</th>
                <th scope="col">{t('logs.functions.successRate')}</th>
                <th scope="col">{t('logs.functions.logs')}</th>
              </tr>
            </thead>
            <tbody>
              {functions.map((entry) => (
                <tr key={entry.function} data-testid="function-row">
                  <NoWrap>{entry.rank}</NoWrap>
                  <NoWrap>
                    <code>{entry.function}</code>
                  </NoWrap>
                  <NoWrap>{resourceLabel(entry)}</NoWrap>
                  <NoWrap>{number(entry.count)}</NoWrap>
                  <NoWrap>{milliseconds(entry.avg_response_ms)}</NoWrap>
                  <NoWrap>
                    <VariantBadge variant={successRateVariant(entry.success_rate)}>
                      {percent(entry.success_rate)}
                    </VariantBadge>
                  </NoWrap>
                  <NoWrap>
                    <Link
                      to={logsLink(entry.function)}
                      aria-label={t('logs.functions.openLogs', { name: entry.function })}
                    >
                      {t('logs.functions.logs')}
                    </Link>
                  </NoWrap>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroller>
      )}
    </Stack>
  );
}
