import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Skeletons } from '../../ui/Skeleton';
import { useAnalyticsFormat } from './format';
import type { AnalyticsSummary, HealthHistory } from './queries';

/** A titled block of the analytics screen. */
export const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  align-content: start;
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(5)};
  }
  h2 {
    margin: 0;
    font-size: 1.125rem;
  }
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** A table that scrolls sideways inside its own (focusable) frame on phones, never the page. */
const Frame = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9rem;
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(2)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
  thead th {
    border-top: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  td.number,
  th.number {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    white-space: nowrap;
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
`;

function DataTable({ label, head, rows }: { label: string; head: ReactNode; rows: ReactNode }) {
  return (
    <Frame tabIndex={0} role="region" aria-label={label}>
      <table>
        <thead>{head}</thead>
        <tbody>{rows}</tbody>
      </table>
    </Frame>
  );
}

/** The most called endpoints: route pattern, method, calls, error rate and p95 latency. */
export function TopEndpoints({ summary }: { summary: AnalyticsSummary }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const title = t('analytics.endpoints.title');
  return (
    <Section aria-labelledby="top-endpoints-title">
      <h2 id="top-endpoints-title">{title}</h2>
      {summary.top_endpoints.length === 0 ? (
        <Muted>{t('analytics.endpoints.empty')}</Muted>
      ) : (
        <DataTable
          label={title}
          head={
            <tr>
              <th scope="col">{t('analytics.endpoints.endpoint')}</th>
              <th scope="col">{t('analytics.endpoints.method')}</th>
              <th scope="col" className="number">
                {t('analytics.endpoints.count')}
              </th>
              <th scope="col" className="number">
                {t('analytics.endpoints.errorRate')}
              </th>
              <th scope="col" className="number">
                {t('analytics.endpoints.p95')}
              </th>
            </tr>
          }
          rows={summary.top_endpoints.map((row) => (
            <tr key={`${row.method} ${row.endpoint}`} data-testid="top-endpoint">
              <td>
                <code>{row.endpoint}</code>
              </td>
              <td>{row.method}</td>
              <td className="number">{format.count(row.count)}</td>
              <td className="number">{format.percent(row.error_rate)}</td>
              <td className="number">{format.ms(row.p95_ms)}</td>
            </tr>
          ))}
        />
      )}
    </Section>
  );
}

/** The most frequent SDK events of the period. */
export function TopEvents({ summary }: { summary: AnalyticsSummary }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const title = t('analytics.events.title');
  return (
    <Section aria-labelledby="top-events-title">
      <h2 id="top-events-title">{title}</h2>
      {summary.top_events.length === 0 ? (
        <Muted>{t('analytics.events.empty')}</Muted>
      ) : (
        <DataTable
          label={title}
          head={
            <tr>
              <th scope="col">{t('analytics.events.event')}</th>
              <th scope="col" className="number">
                {t('analytics.events.count')}
              </th>
            </tr>
          }
          rows={summary.top_events.map((row) => (
            <tr key={row.event} data-testid="top-event">
              <td>
                <code>{row.event}</code>
              </td>
              <td className="number">{format.count(row.count)}</td>
            </tr>
          ))}
        />
      )}
    </Section>
  );
}

/** p50, p95 and p99 of the API's response times (from the server's latency histogram). */
export function Latency({ summary }: { summary: AnalyticsSummary }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const { p50, p95, p99 } = summary.latency_ms;
  return (
    <Section aria-labelledby="latency-title">
      <h2 id="latency-title">{t('analytics.latency.title')}</h2>
      {p50 === null && p95 === null && p99 === null ? (
        <Muted>{t('analytics.latency.empty')}</Muted>
      ) : (
        <Facts data-testid="latency">
          <dt>{t('analytics.latency.p50')}</dt>
          <dd>{format.ms(p50)}</dd>
          <dt>{t('analytics.latency.p95')}</dt>
          <dd>{format.ms(p95)}</dd>
          <dt>{t('analytics.latency.p99')}</dt>
          <dd>{format.ms(p99)}</dd>
        </Facts>
      )}
    </Section>
  );
}

/** Real uptime and average response time from the sampled health history. */
export function HealthCard({
  health,
}: {
  health: { isPending: boolean; isError: boolean; data?: HealthHistory; refetch(): unknown };
}) {
  const t = useT();
  const format = useAnalyticsFormat();
  const formatDate = useFormatDate();
  const data = health.data;
  return (
    <Section aria-labelledby="health-title">
      <h2 id="health-title">{t('analytics.health.title')}</h2>
      {health.isPending ? (
        <Skeletons count={1} height={72} label={t('common.loading')} />
      ) : health.isError || !data ? (
        <Muted role="status">
          {t('analytics.health.loadFailed')}{' '}
          <Button type="button" $variant="secondary" onClick={() => void health.refetch()}>
            {t('analytics.retry')}
          </Button>
        </Muted>
      ) : data.uptime_percent === null ? (
        <Muted data-testid="health">{t('analytics.health.empty')}</Muted>
      ) : (
        <Facts data-testid="health">
          <dt>{t('analytics.health.uptime')}</dt>
          <dd>{format.percent(data.uptime_percent, 2)}</dd>
          <dt>{t('analytics.health.avgResponse')}</dt>
          <dd>{format.ms(data.avg_response_ms)}</dd>
          <dt>{t('analytics.health.samples')}</dt>
          <dd>{format.count(data.samples)}</dd>
          {data.last_checked_at ? (
            <>
              <dt>{t('analytics.health.lastChecked')}</dt>
              <dd>
                <time dateTime={data.last_checked_at}>{formatDate(data.last_checked_at, true)}</time>
              </dd>
            </>
          ) : null}
        </Facts>
      )}
    </Section>
  );
}
