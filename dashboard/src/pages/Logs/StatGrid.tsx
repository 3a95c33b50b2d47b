import styled from 'styled-components';
import { statCardStyle, statGridStyle } from '../../ui/StatGrid';

const Grid = styled.dl`
  ${statGridStyle(4, 'lg')}
  > div {
    display: grid;
    align-content: start;
    gap: ${({ theme }) => theme.space(1)};
    min-width: 0;
    ${statCardStyle(3)}
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    font-size: 0.85rem;
    hyphens: auto;
    overflow-wrap: break-word;
  }
  dd {
    margin: 0;
    font-size: 1.5rem;
    font-weight: 700;
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
`;

export interface Stat {
  label: string;
  /** The figure as shown; "–" while loading or when it is not known. */
  value: string;
}

/** A grid of labelled figures (two columns on phones, four from 1024 px). */
export function StatGrid({ stats, busy }: { stats: Stat[]; busy?: boolean }) {
  return (
    <Grid aria-busy={busy || undefined} data-testid="stat-grid">
      {stats.map((stat) => (
        <div key={stat.label}>
          <dt>{stat.label}</dt>
          <dd>{stat.value}</dd>
        </div>
      ))}
    </Grid>
  );
}
