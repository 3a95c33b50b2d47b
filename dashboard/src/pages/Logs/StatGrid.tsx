import styled from 'styled-components';

const Grid = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
  > div {
    display: grid;
    align-content: start;
    gap: ${({ theme }) => theme.space(1)};
    min-width: 0;
    padding: ${({ theme }) => theme.space(3)};
    @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
      padding: ${({ theme }) => theme.space(4)};
    }
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
    box-shadow: ${({ theme }) => theme.shadow};
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
