import { useT } from '../../../i18n/useT';
import { useAnalyticsFormat } from '../format';
import { usePeriodLabel } from './format';
import { BarsChart, ChartBox, DataTable, Figures, ReportSection, useReportState } from './parts';
import {
  useLifecycle,
  useStickiness,
  type LifecycleQuery,
  type ProductScope,
  type StickinessQuery,
} from './queries';
import { oneOf, useUrlState } from './urlState';
import { COUNT_UNITS, PERIOD_UNITS, PeriodField, UnitField, ViewOptions } from './ViewOptions';

/** DAU, WAU, MAU and DAU ÷ MAU of today (UTC), with the 30-day averages. */
export function StickinessView({ scope }: { scope: ProductScope }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const [params] = useUrlState();
  const query: StickinessQuery = { ...scope, unit: oneOf(params.get('unit'), COUNT_UNITS, 'users') };
  const stickiness = useStickiness(query);
  const state = useReportState({
    query: stickiness,
    isEmpty: stickiness.data?.mau === 0,
    emptyText: t('product.stickiness.empty'),
  });
  const ratio = (value: number | null) => (value === null ? '–' : format.percent(value * 100));
  const controls = (
    <ViewOptions label={t('product.options')}>
      <UnitField value={query.unit} />
    </ViewOptions>
  );
  if (state || !stickiness.data)
    return (
      <>
        {controls}
        {state}
      </>
    );
  const data = stickiness.data;
  const rows = [
    { label: t('product.stickiness.dau'), value: data.dau },
    { label: t('product.stickiness.wau'), value: data.wau },
    { label: t('product.stickiness.mau'), value: data.mau },
  ];
  return (
    <>
      {controls}
      <Figures
        testId="stickiness-figures"
        items={[
          ...rows.map((row) => ({ label: row.label, value: format.count(row.value) })),
          { label: t('product.stickiness.ratio'), value: ratio(data.dau_mau) },
          { label: t('product.stickiness.avgRatio'), value: ratio(data.avg_dau_mau) },
        ]}
      />
      <ReportSection
        title={t('product.stickiness.title')}
        csv={{ report: 'stickiness', query, name: 'stickiness' }}
      >
        <ChartBox
          height={220}
          summary={t('product.stickiness.chartSummary', {
            dau: format.count(data.dau),
            mau: format.count(data.mau),
            ratio: ratio(data.dau_mau),
          })}
        >
          <BarsChart
            title={t('product.stickiness.title')}
            height={220}
            category="label"
            data={rows}
            series={[{ key: 'value', name: t(`product.unit.${data.unit}`), tone: 'primary' }]}
          />
        </ChartBox>
        <DataTable
          label={t('product.stickiness.title')}
          testId="stickiness-table"
          rows={[...rows, { label: t('product.stickiness.avgDau'), value: data.avg_dau }]}
          rowKey={(row) => row.label}
          empty=""
          columns={[
            { label: t('product.stickiness.measure'), render: (row) => row.label },
            {
              label: t(`product.unit.${data.unit}`),
              numeric: true,
              render: (row) => format.count(row.value),
            },
          ]}
        />
      </ReportSection>
    </>
  );
}

/** New, returning, resurrecting and dormant per period (dormant drawn below the axis). */
export function LifecycleView({ scope }: { scope: ProductScope }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const periodLabel = usePeriodLabel();
  const [params] = useUrlState();
  const query: LifecycleQuery = {
    ...scope,
    period: oneOf(params.get('period'), PERIOD_UNITS, 'week'),
    unit: oneOf(params.get('unit'), COUNT_UNITS, 'users'),
  };
  const lifecycle = useLifecycle(query);
  const state = useReportState({
    query: lifecycle,
    isEmpty: (lifecycle.data?.periods ?? []).every((row) => row.active === 0 && row.dormant === 0),
    emptyText: t('product.lifecycle.empty'),
  });
  const controls = (
    <ViewOptions label={t('product.options')}>
      <PeriodField value={query.period} />
      <UnitField value={query.unit} />
    </ViewOptions>
  );
  if (state || !lifecycle.data)
    return (
      <>
        {controls}
        {state}
      </>
    );
  const rows = lifecycle.data.periods.map((row) => ({
    ...row,
    label: periodLabel(row.start, lifecycle.data.period),
  }));
  const latest = rows[rows.length - 1]!;
  const title = t('product.lifecycle.title');
  return (
    <>
      {controls}
      <ReportSection
        title={title}
        csv={{ report: 'lifecycle', query: { ...query, periods: 12 }, name: 'lifecycle' }}
        testId="lifecycle-result"
      >
        <ChartBox
          height={260}
          summary={t('product.lifecycle.chartSummary', {
            new: format.count(latest.new),
            returning: format.count(latest.returning),
            resurrecting: format.count(latest.resurrecting),
            dormant: format.count(latest.dormant),
          })}
        >
          <BarsChart
            title={title}
            height={260}
            category="label"
            data={rows.map((row) => ({ ...row, dormant: -row.dormant }))}
            series={[
              { key: 'new', name: t('product.lifecycle.new'), tone: 'primary', stack: 'users' },
              { key: 'returning', name: t('product.lifecycle.returning'), tone: 'success', stack: 'users' },
              {
                key: 'resurrecting',
                name: t('product.lifecycle.resurrecting'),
                tone: 'warning',
                stack: 'users',
              },
              { key: 'dormant', name: t('product.lifecycle.dormant'), tone: 'danger', stack: 'users' },
            ]}
          />
        </ChartBox>
        <DataTable
          label={title}
          testId="lifecycle-table"
          rows={[...rows].reverse()}
          rowKey={(row) => row.start}
          empty=""
          columns={[
            { label: t('product.lifecycle.period'), render: (row) => row.label },
            {
              label: t('product.lifecycle.active'),
              numeric: true,
              render: (row) => format.count(row.active),
            },
            { label: t('product.lifecycle.new'), numeric: true, render: (row) => format.count(row.new) },
            {
              label: t('product.lifecycle.returning'),
              numeric: true,
              render: (row) => format.count(row.returning),
            },
            {
              label: t('product.lifecycle.resurrecting'),
              numeric: true,
              render: (row) => format.count(row.resurrecting),
            },
            {
              label: t('product.lifecycle.dormant'),
              numeric: true,
              render: (row) => format.count(row.dormant),
            },
          ]}
        />
      </ReportSection>
    </>
  );
}
