import { useT } from '../../../i18n/useT';
import { useAnalyticsFormat } from '../format';
import { useDuration } from '../../../components/analytics/duration';
import { BarsChart, ChartBox, DataTable, Figures, ReportSection, useReportState } from './parts';
import { usePages, type PagesQuery, type PagesResult, type ProductScope } from './queries';

const TOP_CHART = 8;

/** Page views and sessions: figures, top pages (chart and table), referrers, entry and exit pages. */
export function PagesView({ scope, from }: { scope: ProductScope; from: string }) {
  const t = useT();
  const format = useAnalyticsFormat();
  const duration = useDuration();
  const query: PagesQuery = { ...scope, from };
  const pages = usePages(query);
  const state = useReportState({
    query: pages,
    isEmpty: pages.data?.page_views === 0,
    emptyText: t('product.pages.empty'),
  });
  if (state || !pages.data) return state;
  const data = pages.data;
  const csv = (table: string, name: string) => ({
    report: 'pages' as const,
    query: { ...query, table },
    name,
  });
  const pathColumn = {
    label: t('product.pages.path'),
    render: (row: { path: string }) => <code>{row.path}</code>,
  };
  const sessionsColumn = {
    label: t('product.pages.sessions'),
    numeric: true,
    render: (row: { sessions: number }) => format.count(row.sessions),
  };
  type Page = PagesResult['pages'][number];
  type Referrer = PagesResult['referrers'][number];
  type Landing = PagesResult['entry_pages'][number];
  return (
    <>
      <Figures
        testId="pages-figures"
        items={[
          { label: t('product.pages.pageViews'), value: format.count(data.page_views) },
          { label: t('product.pages.visitors'), value: format.count(data.visitors) },
          { label: t('product.pages.sessions'), value: format.count(data.sessions) },
          { label: t('product.pages.duration'), value: duration(data.avg_session_duration_s) },
          { label: t('product.pages.bounceRate'), value: format.percent(data.bounce_rate) },
        ]}
      />
      <ReportSection title={t('product.pages.top')} csv={csv('pages', 'pages')} testId="pages-top">
        <ChartBox
          height={Math.max(160, Math.min(TOP_CHART, data.pages.length) * 36 + 60)}
          summary={t('product.pages.chartSummary', {
            path: data.pages[0]?.path ?? '–',
            views: format.count(data.pages[0]?.views ?? 0),
          })}
        >
          <BarsChart
            data={data.pages.slice(0, TOP_CHART)}
            category="path"
            horizontal
            title={t('product.pages.top')}
            height={Math.max(160, Math.min(TOP_CHART, data.pages.length) * 36 + 60)}
            series={[
              { key: 'views', name: t('product.pages.views'), tone: 'primary' },
              { key: 'visitors', name: t('product.pages.visitors'), tone: 'success' },
            ]}
          />
        </ChartBox>
        <DataTable<Page>
          label={t('product.pages.top')}
          testId="pages-table"
          rows={data.pages}
          rowKey={(row) => row.path}
          empty={t('product.pages.empty')}
          columns={[
            pathColumn,
            { label: t('product.pages.views'), numeric: true, render: (row) => format.count(row.views) },
            {
              label: t('product.pages.visitors'),
              numeric: true,
              render: (row) => format.count(row.visitors),
            },
          ]}
        />
      </ReportSection>
      <ReportSection title={t('product.pages.referrers')} csv={csv('referrers', 'referrers')}>
        <DataTable<Referrer>
          label={t('product.pages.referrers')}
          testId="referrers-table"
          rows={data.referrers}
          rowKey={(row) => row.referrer}
          empty={t('product.pages.none')}
          columns={[
            {
              label: t('product.pages.referrer'),
              render: (row) =>
                row.referrer === '(direct)' ? t('product.pages.direct') : <code>{row.referrer}</code>,
            },
            sessionsColumn,
            {
              label: t('product.pages.visitors'),
              numeric: true,
              render: (row) => format.count(row.visitors),
            },
          ]}
        />
      </ReportSection>
      <ReportSection title={t('product.pages.entry')} csv={csv('entry_pages', 'entry-pages')}>
        <DataTable<Landing>
          label={t('product.pages.entry')}
          testId="entry-table"
          rows={data.entry_pages}
          rowKey={(row) => row.path}
          empty={t('product.pages.none')}
          columns={[pathColumn, sessionsColumn]}
        />
      </ReportSection>
      <ReportSection title={t('product.pages.exit')} csv={csv('exit_pages', 'exit-pages')}>
        <DataTable<Landing>
          label={t('product.pages.exit')}
          testId="exit-table"
          rows={data.exit_pages}
          rowKey={(row) => row.path}
          empty={t('product.pages.none')}
          columns={[pathColumn, sessionsColumn]}
        />
      </ReportSection>
    </>
  );
}
