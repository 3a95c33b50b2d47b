import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { statCardStyle, statGridStyle } from '../../ui/StatGrid';

const Grid = styled.ul`
  ${statGridStyle(4, 'lg')}
`;

const StatLink = styled(Link)`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  height: 100%;
  ${statCardStyle(4)}
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    font-size: 0.9rem;
  }
  strong {
    grid-column: 1;
    font-size: 1.75rem;
    line-height: 1.2;
  }
  svg {
    grid-row: 1 / span 2;
    grid-column: 2;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Unavailable = styled.strong`
  && {
    font-size: 1rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** What a figure's query yields: loading, failed, or the figure ready to show. */
export interface StatValue {
  pending: boolean;
  failed: boolean;
  text?: string;
}

export interface Stat {
  /** The card's test id is `stat-<id>`. */
  id: string;
  label: MessageKey;
  to: string;
  icon: ReactNode;
  value: StatValue;
}

/** A row of figures of the home page; each card leads to its screen. Nothing here is invented. */
export function StatCards({ label, stats }: { label: string; stats: Stat[] }) {
  const t = useT();
  return (
    <Grid aria-label={label}>
      {stats.map(({ id, label: statLabel, to, icon, value }) => (
        <li key={id}>
          <StatLink to={to} data-testid={`stat-${id}`} aria-busy={value.pending}>
            <span>{t(statLabel)}</span>
            {value.pending ? (
              <strong>…</strong>
            ) : value.failed || value.text === undefined ? (
              <Unavailable>{t('home.stats.unavailable')}</Unavailable>
            ) : (
              <strong>{value.text}</strong>
            )}
            {icon}
          </StatLink>
        </li>
      ))}
    </Grid>
  );
}
