import { lazy, Suspense, useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Skeletons, VisuallyHidden } from '../../ui/Skeleton';
import type { ChartPoint } from './Charts';

// Charts come from their own chunk (recharts); the figure around them, with its text
// alternative, is here so that screen readers have the figures before the chunk arrives.
export const TrafficChart = lazy(() =>
  import('./Charts').then((module) => ({ default: module.TrafficChart })),
);
export const UsersChart = lazy(() => import('./Charts').then((module) => ({ default: module.UsersChart })));

const Figure = styled.figure`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  margin: 0;
  figcaption {
    font-weight: 600;
  }
  .recharts-legend-item-text {
    color: ${({ theme }) => theme.colors.text} !important;
  }
`;

export interface ChartColumn {
  key: keyof Omit<ChartPoint, 'label'>;
  label: string;
}

/**
 * A chart with its text alternative: a one-sentence summary (the figure's description) and a
 * visually hidden table of every value, for people who cannot see the drawing.
 */
export function ChartFigure({
  title,
  summary,
  points,
  columns,
  height,
  hideCaption = false,
  children,
}: {
  title: string;
  summary: string;
  points: ChartPoint[];
  columns: ChartColumn[];
  height: number;
  hideCaption?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  const captionId = useId();
  const summaryId = useId();
  return (
    <Figure aria-labelledby={captionId} aria-describedby={summaryId}>
      {hideCaption ? (
        <VisuallyHidden as="figcaption" id={captionId}>
          {title}
        </VisuallyHidden>
      ) : (
        <figcaption id={captionId}>{title}</figcaption>
      )}
      <VisuallyHidden id={summaryId}>{summary}</VisuallyHidden>
      <Suspense fallback={<Skeletons count={1} height={height} label={t('analytics.chart.loading')} />}>
        {children}
      </Suspense>
      {points.length > 0 ? (
        <VisuallyHidden as="div">
          <table>
            <caption>{t('analytics.chart.table', { title })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('analytics.chart.time')}</th>
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point, index) => (
                <tr key={index}>
                  <th scope="row">{point.label}</th>
                  {columns.map((column) => (
                    <td key={column.key}>{point[column.key]}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      ) : null}
    </Figure>
  );
}
