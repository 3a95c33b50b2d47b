import { ArrowRight } from 'lucide-react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button, ButtonRouterLink } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Skeletons } from '../../ui/Skeleton';
import { ActivityList } from './ActivityList';
import { useChartData, useSeriesNames } from './chartData';
import { ChartFigure, TrafficChart } from './ChartFigure';
import { useAnalyticsFormat } from './format';
import { useAnalyticsSummary, useScopedActivity, type AnalyticsScope } from './queries';

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(6)};
  }
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  > p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 140px), 1fr));
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const EXCERPT_CHART_HEIGHT = 140;
const EXCERPT_ROWS = 5;

/**
 * The Analytics tab of a project or an application: the last 7 days' key figures, a small
 * chart of requests and errors, the newest entries, and the way on to /analytics.
 */
export function AnalyticsExcerpt({
  title,
  scope,
  to,
  more = [],
}: {
  title: string;
  scope: Omit<AnalyticsScope, 'period'>;
  to: string;
  /** Further ways on, e.g. the analytics of each application of a project. */
  more?: { to: string; label: string }[];
}) {
  const t = useT();
  const format = useAnalyticsFormat();
  const names = useSeriesNames();
  const fullScope: AnalyticsScope = { period: '7d', ...scope };
  const summary = useAnalyticsSummary(fullScope);
  const activity = useScopedActivity(fullScope, EXCERPT_ROWS);
  const chart = useChartData(summary.data);
  const totals = summary.data?.totals;
  return (
    <Panel aria-labelledby="analytics-excerpt-title">
      <h2 id="analytics-excerpt-title">{title}</h2>
      <p>{t('analytics.excerpt.text')}</p>
      {summary.isPending ? (
        <Skeletons count={2} height={EXCERPT_CHART_HEIGHT / 2} label={t('common.loading')} />
      ) : summary.isError || !totals || !chart ? (
        <div>
          <Alert tone="error">{t('analytics.loadFailed')}</Alert>
          <Button type="button" $variant="secondary" onClick={() => void summary.refetch()}>
            {t('analytics.retry')}
          </Button>
        </div>
      ) : (
        <>
          <Figures data-testid="analytics-excerpt">
            <div>
              <dt>{t('analytics.card.requests')}</dt>
              <dd>{format.count(totals.requests)}</dd>
            </div>
            <div>
              <dt>{t('analytics.card.errorRate')}</dt>
              <dd>{format.percent(totals.error_rate)}</dd>
            </div>
            <div>
              <dt>{t('analytics.card.activeUsers')}</dt>
              <dd>{format.count(totals.active_users)}</dd>
            </div>
            <div>
              <dt>{t('analytics.card.events')}</dt>
              <dd>{format.count(totals.events)}</dd>
            </div>
          </Figures>
          <ChartFigure
            title={t('analytics.chart.traffic')}
            summary={chart.traffic}
            points={chart.points}
            height={EXCERPT_CHART_HEIGHT}
            columns={[
              { key: 'requests', label: names.requests },
              { key: 'errors', label: names.errors },
            ]}
          >
            <TrafficChart
              data={chart.points}
              names={names}
              title={t('analytics.chart.traffic')}
              height={EXCERPT_CHART_HEIGHT}
            />
          </ChartFigure>
        </>
      )}
      <h3>{t('analytics.excerpt.recent')}</h3>
      <ActivityList
        query={activity}
        emptyText={t('analytics.activity.empty')}
        failedText={t('analytics.activity.loadFailed')}
        skeletons={2}
      />
      <Links>
        <ButtonRouterLink to={to}>
          {t('analytics.excerpt.open')}
          <ArrowRight aria-hidden="true" size={16} />
        </ButtonRouterLink>
        {more.map((link) => (
          <ButtonRouterLink key={link.to} to={link.to} $variant="secondary">
            {link.label}
            <ArrowRight aria-hidden="true" size={16} />
          </ButtonRouterLink>
        ))}
      </Links>
    </Panel>
  );
}
