import styled from 'styled-components';
import { useT } from '../../../i18n/useT';
import { SelectField } from '../../../ui/Select';
import { useAnalyticsFormat } from '../format';
import { useAnalyticsSummary } from '../queries';
import { usePeriodLabel } from './format';
import { ChartBox, LinesChart, ReportSection, TableFrame, useReportState } from './parts';
import { useRetention, type ProductScope, type RetentionQuery, type RetentionResult } from './queries';
import { oneOf, useUrlState } from './urlState';
import { COUNT_UNITS, PERIOD_UNITS, PeriodField, UnitField, ViewOptions } from './ViewOptions';

const COHORTS = ['first_seen', 'signup'] as const;

const Cell = styled.td<{ $share: number }>`
  /* Shade grows with the share; the text stays dark on it (contrast at most 35 % tint). */
  background: rgba(79, 70, 229, ${({ $share }) => (0.05 + $share * 0.3).toFixed(3)});
  small {
    display: block;
    color: #334155;
    font-size: 0.75rem;
  }
`;

/** Of all cohorts old enough to have period k, the share that came back in it (percent). */
function averageCurve(result: RetentionResult): Array<{ label: string; share: number | null }> {
  return Array.from({ length: result.periods }, (_, k) => {
    let size = 0;
    let returned = 0;
    for (const cohort of result.cohorts) {
      if (cohort.returned.length > k && cohort.size > 0) {
        size += cohort.size;
        returned += cohort.returned[k]!;
      }
    }
    return { label: String(k), share: size ? Math.round((returned / size) * 1000) / 10 : null };
  });
}

/** The retention grid: 12 cohorts by first-seen or sign-up period and who came back after k periods. */
export function RetentionView({ scope }: { scope: ProductScope }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const periodLabel = usePeriodLabel();
  const [params, set] = useUrlState();
  const query: RetentionQuery = {
    ...scope,
    period: oneOf(params.get('period'), PERIOD_UNITS, 'week'),
    unit: oneOf(params.get('unit'), COUNT_UNITS, 'users'),
    cohort: oneOf(params.get('cohort'), COHORTS, 'first_seen'),
    return_event: params.get('return_event') || undefined,
  };
  const events = useAnalyticsSummary({
    period: '30d',
    applicationId: scope.application_id,
    projectId: scope.project_id,
  });
  const retention = useRetention(query);
  const state = useReportState({
    query: retention,
    isEmpty: (retention.data?.cohorts ?? []).every((cohort) => cohort.size === 0),
    emptyText: t('product.retention.empty'),
  });
  const controls = (
    <ViewOptions label={t('product.retention.options')}>
      <PeriodField value={query.period} />
      <SelectField
        label={t('product.retention.cohort')}
        name="cohort"
        value={query.cohort}
        options={COHORTS.map((value) => ({ value, label: t(`product.retention.cohort.${value}`) }))}
        onChange={(event) => set({ cohort: event.target.value === 'first_seen' ? null : event.target.value })}
      />
      <UnitField value={query.unit} />
      <SelectField
        label={t('product.retention.returnEvent')}
        name="return_event"
        value={query.return_event ?? ''}
        placeholder={t('product.retention.anyActivity')}
        options={(events.data?.top_events ?? []).map((entry) => ({ value: entry.event, label: entry.event }))}
        onChange={(event) => set({ return_event: event.target.value })}
      />
    </ViewOptions>
  );
  if (state || !retention.data)
    return (
      <>
        {controls}
        {state}
      </>
    );
  const data = retention.data;
  const offsets = Array.from({ length: data.periods }, (_, k) => k);
  const curve = averageCurve(data);
  const title = t('product.retention.title');
  return (
    <>
      {controls}
      <ReportSection
        title={title}
        csv={{ report: 'retention', query: { ...query, periods: 12 }, name: 'retention' }}
        testId="retention-result"
      >
        <TableFrame tabIndex={0} role="region" aria-label={title}>
          <table data-testid="retention-grid">
            <caption>{t('product.retention.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('product.retention.cohortStart')}</th>
                <th scope="col" className="number">
                  {t('product.retention.size')}
                </th>
                {offsets.map((k) => (
                  <th key={k} scope="col" className="number">
                    {t(`product.period.short.${data.period}`, { n: String(k) })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.cohorts.map((cohort) => (
                <tr key={cohort.start}>
                  <th scope="row">{periodLabel(cohort.start, data.period)}</th>
                  <td className="number">{format.count(cohort.size)}</td>
                  {offsets.map((k) => {
                    const returned = cohort.returned[k];
                    if (returned === undefined || cohort.size === 0) return <td key={k} className="number" />;
                    const share = returned / cohort.size;
                    return (
                      <Cell key={k} className="number" $share={share}>
                        {format.percent(share * 100)}
                        <small>{format.count(returned)}</small>
                      </Cell>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
        <ChartBox
          height={220}
          summary={t('product.retention.chartSummary', {
            share: curve[1]?.share === null || curve[1] === undefined ? '–' : format.percent(curve[1].share),
          })}
        >
          <LinesChart
            title={t('product.retention.curve')}
            height={220}
            category="label"
            percent
            data={curve}
            series={[{ key: 'share', name: t('product.retention.curve'), tone: 'primary' }]}
          />
        </ChartBox>
      </ReportSection>
    </>
  );
}
