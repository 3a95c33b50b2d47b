import styled from 'styled-components';
import type { MessageKey } from '../../../i18n/messages';
import { useT } from '../../../i18n/useT';
import { SelectField } from '../../../ui/Select';
import { useAnalyticsFormat } from '../format';
import { useAnalyticsSummary } from '../queries';
import { useDuration } from '../../../components/analytics/duration';
import { BarsChart, ChartBox, DataTable, Muted, ReportSection, Section, useReportState } from './parts';
import { useFunnel, type FunnelQuery, type ProductScope } from './queries';
import { StepPicker } from './StepPicker';
import { oneOf, useUrlState } from './urlState';

export const WINDOWS = ['1h', '24h', '7d', '14d', '30d'] as const;
const JOURNEY = 'journey';
const JOURNEY_STEPS = new Set(['first_seen', 'signup', 'confirmed', 'first_login', 'second_visit']);

const Controls = styled(Section)`
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }
`;

const Options = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

/** Funnel: the steps, window and mode as the address says; conversion per step as chart and table. */
export function FunnelView({ scope, from }: { scope: ProductScope; from: string }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const duration = useDuration();
  const [params, set] = useUrlState();
  const stepsParam = params.get('steps') ?? '';
  const journey = stepsParam === JOURNEY;
  const steps = journey ? [] : stepsParam.split(',').filter(Boolean);
  const window = oneOf(params.get('window'), WINDOWS, '7d');
  // The application's (or project's) most frequent events of the last 30 days, to pick from.
  const summary = useAnalyticsSummary({
    period: '30d',
    applicationId: scope.application_id,
    projectId: scope.project_id,
  });
  const known = (summary.data?.top_events ?? []).map((entry) => entry.event);
  const ready = journey || steps.length >= 2;
  const query: FunnelQuery = { ...scope, steps: ready ? stepsParam : '', window, from };
  const funnel = useFunnel(query);
  const stepName = (name: string) =>
    journey && JOURNEY_STEPS.has(name) ? t(`product.journey.${name}` as MessageKey) : name;

  const controls = (
    <Controls aria-label={t('product.funnel.define')}>
      {journey ? (
        <Muted>{t('product.funnel.journeyText')}</Muted>
      ) : (
        <StepPicker steps={steps} known={known} onChange={(next) => set({ steps: next.join(',') })} />
      )}
      <Options>
        <SelectField
          label={t('product.funnel.mode')}
          name="mode"
          value={journey ? JOURNEY : 'custom'}
          options={[
            { value: 'custom', label: t('product.funnel.custom') },
            { value: JOURNEY, label: t('product.funnel.journey') },
          ]}
          onChange={(event) => set({ steps: event.target.value === JOURNEY ? JOURNEY : null })}
        />
        <SelectField
          label={t('product.funnel.window')}
          name="window"
          value={window}
          options={WINDOWS.map((value) => ({ value, label: t(`product.window.${value}`) }))}
          onChange={(event) => set({ window: event.target.value === '7d' ? null : event.target.value })}
        />
      </Options>
    </Controls>
  );

  const state = useReportState({
    query: funnel,
    isEmpty: (funnel.data?.steps[0]?.count ?? 0) === 0,
    emptyText: t('product.funnel.empty'),
  });
  if (!ready)
    return (
      <>
        {controls}
        <Section>
          <Muted data-testid="funnel-hint">{t('product.funnel.pickSteps')}</Muted>
        </Section>
      </>
    );
  if (state || !funnel.data)
    return (
      <>
        {controls}
        {state}
      </>
    );
  const rows = funnel.data.steps;
  const last = rows[rows.length - 1]!;
  const percent = (value: number | null) => (value === null ? '–' : format.percent(value));
  return (
    <>
      {controls}
      <ReportSection
        title={journey ? t('product.funnel.journey') : t('product.funnel.title')}
        csv={{ report: 'funnel', query, name: 'funnel' }}
        testId="funnel-result"
      >
        <ChartBox
          height={260}
          summary={t('product.funnel.chartSummary', {
            first: format.count(rows[0]!.count),
            last: format.count(last.count),
            conversion: percent(last.conversion),
          })}
        >
          <BarsChart
            title={t('product.funnel.title')}
            height={260}
            category="label"
            data={rows.map((row) => ({
              label: stepName(row.name),
              anonymous: row.anonymous,
              registered: row.registered,
            }))}
            series={[
              { key: 'registered', name: t('product.funnel.registered'), tone: 'primary', stack: 'visitors' },
              { key: 'anonymous', name: t('product.funnel.anonymous'), tone: 'muted', stack: 'visitors' },
            ]}
          />
        </ChartBox>
        <DataTable
          label={t('product.funnel.title')}
          testId="funnel-table"
          rows={rows}
          rowKey={(row, index) => `${index}-${row.name}`}
          empty={t('product.funnel.empty')}
          columns={[
            { label: t('product.funnel.step'), render: (row) => stepName(row.name) },
            { label: t('product.funnel.visitors'), numeric: true, render: (row) => format.count(row.count) },
            {
              label: t('product.funnel.conversion'),
              numeric: true,
              render: (row) => percent(row.conversion),
            },
            {
              label: t('product.funnel.fromPrevious'),
              numeric: true,
              render: (row) => percent(row.conversion_from_previous),
            },
            {
              label: t('product.funnel.dropOff'),
              numeric: true,
              render: (row) => format.count(row.drop_off),
            },
            {
              label: t('product.funnel.median'),
              numeric: true,
              render: (row) => duration(row.median_time_s),
            },
            {
              label: t('product.funnel.anonymous'),
              numeric: true,
              render: (row) => format.count(row.anonymous),
            },
            {
              label: t('product.funnel.registered'),
              numeric: true,
              render: (row) => format.count(row.registered),
            },
          ]}
        />
      </ReportSection>
    </>
  );
}
