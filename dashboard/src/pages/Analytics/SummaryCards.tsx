import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Skeletons } from '../../ui/Skeleton';
import { statCardStyle, statGridStyle } from '../../ui/StatGrid';
import { useAnalyticsFormat, type Trend } from './format';
import type { AnalyticsSummary, AnalyticsTotals } from './queries';

const Grid = styled.ul`
  ${statGridStyle(3, 'md')}
`;

const Item = styled.li`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  ${statCardStyle(3)}
  h3 {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
    font-weight: 600;
  }
  strong {
    font-size: clamp(1.375rem, 5vw, 1.75rem);
    line-height: 1.2;
    overflow-wrap: anywhere;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
`;

const Change = styled.span<{ $trend: Trend; $good: boolean }>`
  && {
    font-weight: 600;
    color: ${({ $trend, $good, theme }) =>
      $trend === 'same' || $trend === 'new'
        ? theme.colors.textMuted
        : $good
          ? theme.colors.success
          : theme.colors.danger};
  }
`;

interface CardSpec {
  id: string;
  label: MessageKey;
  value: string;
  detail?: string;
  change: { trend: Trend; text: string };
  /** Whether a rise is good news (more users) or bad (more errors). */
  riseIsGood: boolean;
}

/** The period's totals as cards, each with its change against the period before. */
export function SummaryCards({ summary }: { summary: AnalyticsSummary | undefined }) {
  const t = useT();
  const format = useAnalyticsFormat();
  if (!summary)
    return (
      <Grid aria-label={t('analytics.cards.label')} aria-busy="true">
        <li>
          <Skeletons count={1} height={112} label={t('common.loading')} />
        </li>
      </Grid>
    );
  const { totals, compare } = summary;
  const countChange = (key: keyof AnalyticsTotals) => format.change(totals[key], compare[key]);
  const cards: CardSpec[] = [
    {
      id: 'requests',
      label: 'analytics.card.requests',
      value: format.count(totals.requests),
      detail: t('analytics.card.errorsDetail', { count: format.count(totals.errors) }),
      change: countChange('requests'),
      riseIsGood: true,
    },
    {
      id: 'errorRate',
      label: 'analytics.card.errorRate',
      value: format.percent(totals.error_rate),
      // A rate of no requests is no rate: without requests before, there is nothing to compare.
      change:
        compare.requests === 0 && totals.requests > 0
          ? { trend: 'new', text: '' }
          : format.pointChange(totals.error_rate, compare.error_rate, t('analytics.change.points')),
      riseIsGood: false,
    },
    {
      id: 'activeUsers',
      label: 'analytics.card.activeUsers',
      value: format.count(totals.active_users),
      detail: t('analytics.card.usersDetail', {
        registered: format.count(totals.registered_users),
        anonymous: format.count(totals.anonymous_users),
      }),
      change: countChange('active_users'),
      riseIsGood: true,
    },
    {
      id: 'events',
      label: 'analytics.card.events',
      value: format.count(totals.events),
      change: countChange('events'),
      riseIsGood: true,
    },
    {
      id: 'installations',
      label: 'analytics.card.installations',
      value: format.count(totals.installations),
      detail: t('analytics.card.installationsDetail', { count: format.count(totals.active_installations) }),
      change: countChange('installations'),
      riseIsGood: true,
    },
    {
      id: 'tokens',
      label: 'analytics.card.tokens',
      value: format.count(totals.tokens_active),
      change: countChange('tokens_active'),
      riseIsGood: true,
    },
  ];
  return (
    <Grid aria-label={t('analytics.cards.label')}>
      {cards.map((card) => (
        <Item key={card.id} data-testid={`analytics-${card.id}`}>
          <h3>{t(card.label)}</h3>
          <strong>{card.value}</strong>
          {card.detail ? <span>{card.detail}</span> : null}
          <Change
            $trend={card.change.trend}
            $good={card.change.trend === 'up' ? card.riseIsGood : !card.riseIsGood}
          >
            {card.change.trend === 'new'
              ? t('analytics.change.new')
              : t('analytics.change.previous', { change: card.change.text })}
          </Change>
        </Item>
      ))}
    </Grid>
  );
}
