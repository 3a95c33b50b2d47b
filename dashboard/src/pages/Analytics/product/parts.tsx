import { Download } from 'lucide-react';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { Skeletons } from '../../../ui/Skeleton';
import { statCardStyle, statGridStyle } from '../../../ui/StatGrid';
import { Muted, Section } from '../Panels';
import { useCsvExport, type ProductReport } from './queries';

export { Muted, Section };

// recharts comes in its own chunk, only when a chart is on screen.
export const BarsChart = lazy(() => import('./Charts').then((module) => ({ default: module.BarsChart })));
export const LinesChart = lazy(() => import('./Charts').then((module) => ({ default: module.LinesChart })));

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A titled block with the CSV download of its table (the server's format=csv). */
export function ReportSection({
  title,
  csv,
  children,
  testId,
}: {
  title: string;
  csv?: { report: ProductReport; query: object; name: string };
  children: ReactNode;
  testId?: string;
}) {
  const t = useT();
  const headingId = useId();
  const { download, pending } = useCsvExport();
  return (
    <Section aria-labelledby={headingId} data-testid={testId}>
      <TitleRow>
        <h2 id={headingId}>{title}</h2>
        {csv ? (
          <Button
            type="button"
            $variant="secondary"
            aria-busy={pending}
            disabled={pending}
            aria-label={t('product.csv.label', { title })}
            onClick={() => download(csv)}
          >
            <Download aria-hidden="true" size={16} />
            {t('product.csv')}
          </Button>
        ) : null}
      </TitleRow>
      {children}
    </Section>
  );
}

/** A table that scrolls sideways inside its own focusable frame on phones, never the page. */
export const TableFrame = styled.div`
  overflow-x: auto;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9rem;
  }
  caption {
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
    padding-bottom: ${({ theme }) => theme.space(2)};
  }
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
  thead th {
    border-top: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  .number {
    text-align: right;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
`;

export interface Column<Row> {
  label: string;
  numeric?: boolean;
  render(row: Row): ReactNode;
}

/** Rows under a header; the first column heads each row. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  empty,
  testId,
}: {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row, index: number): string;
  empty: string;
  testId?: string;
}) {
  if (rows.length === 0) return <Muted>{empty}</Muted>;
  return (
    <TableFrame tabIndex={0} role="region" aria-label={label}>
      <table data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'number' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, position) =>
                position === 0 ? (
                  <th key={column.label} scope="row" className={column.numeric ? 'number' : undefined}>
                    {column.render(row)}
                  </th>
                ) : (
                  <td key={column.label} className={column.numeric ? 'number' : undefined}>
                    {column.render(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

const Cards = styled.dl`
  ${statGridStyle(5, 'lg')}
  div {
    ${statCardStyle(3)}
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    min-width: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
    overflow-wrap: anywhere;
  }
`;

/** Key figures as label/value pairs. */
export function Figures({ items, testId }: { items: { label: string; value: string }[]; testId?: string }) {
  return (
    <Cards data-testid={testId}>
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </Cards>
  );
}

const Figure = styled.figure`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  margin: 0;
  figcaption {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  .recharts-legend-item-text {
    color: ${({ theme }) => theme.colors.text} !important;
  }
`;

/**
 * A chart and what it says in words. The numbers themselves are in the table beside it (every
 * chart of these screens draws a table that is on screen), which the caption points to.
 */
export function ChartBox({
  summary,
  height,
  children,
}: {
  summary: string;
  height: number;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Figure>
      <Suspense fallback={<Skeletons count={1} height={height} label={t('analytics.chart.loading')} />}>
        {children}
      </Suspense>
      <figcaption>{summary}</figcaption>
    </Figure>
  );
}

/** Loading, failure and "nothing yet" of a report, so each view only draws its answer. */
export function useReportState({
  query,
  isEmpty,
  emptyText,
}: {
  query: { isPending: boolean; isError: boolean; refetch(): unknown };
  isEmpty: boolean;
  emptyText: string;
}): ReactNode {
  const t = useT();
  if (query.isPending) return <Skeletons count={2} height={120} label={t('common.loading')} />;
  if (query.isError)
    return (
      <Section role="alert">
        <Muted>{t('product.loadFailed')}</Muted>
        <div>
          <Button type="button" $variant="secondary" onClick={() => void query.refetch()}>
            {t('analytics.retry')}
          </Button>
        </div>
      </Section>
    );
  if (isEmpty)
    return (
      <Section>
        <Muted data-testid="report-empty">{emptyText}</Muted>
      </Section>
    );
  return null;
}
