import styled from 'styled-components';
import { useUiStore } from '../../stores/ui';
import { useT } from '../../i18n/useT';
import type { Locale } from '../../i18n/messages';
import { Badge } from '../../ui/Badge';
import { useAnalyticsFormat } from '../Analytics/format';
import { useHealthHistory } from '../Analytics/queries';
import { useHealth } from './queries';
import { Panel } from './Panel';

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    overflow-wrap: anywhere;
  }
`;

const UNITS: { unit: 'day' | 'hour' | 'minute'; seconds: number }[] = [
  { unit: 'day', seconds: 86_400 },
  { unit: 'hour', seconds: 3_600 },
  { unit: 'minute', seconds: 60 },
];

/** "2 Tg. 3 Std." — the two largest units of an uptime, in the UI's language. */
export function formatUptime(totalSeconds: number, locale: Locale): string {
  const parts: string[] = [];
  let rest = Math.max(0, Math.floor(totalSeconds));
  for (const { unit, seconds } of UNITS) {
    const amount = Math.floor(rest / seconds);
    rest -= amount * seconds;
    if (amount > 0 || (unit === 'minute' && parts.length === 0)) {
      parts.push(new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(amount));
    }
  }
  return parts.slice(0, 2).join(' ');
}

/**
 * The API's live health (overall status, database, version, process uptime) and, from the
 * sampled health history, the real availability and average response time of the last 24 hours.
 */
export function SystemStatus() {
  const t = useT();
  const locale = useUiStore((state) => state.locale);
  const format = useAnalyticsFormat();
  const health = useHealth();
  const history = useHealthHistory('24h');
  const status = health.isPending
    ? { tone: 'muted' as const, text: t('status.loading') }
    : health.isError
      ? { tone: 'warning' as const, text: t('status.error') }
      : health.data.status === 'ok'
        ? { tone: 'success' as const, text: t('status.ok') }
        : { tone: 'warning' as const, text: t('status.degraded') };
  return (
    <Panel aria-labelledby="system-status-title">
      <h2 id="system-status-title">{t('home.status.title')}</h2>
      <Facts data-testid="system-status">
        <dt>{t('home.status.api')}</dt>
        <dd>
          <Badge $tone={status.tone}>{status.text}</Badge>
        </dd>
        {health.data ? (
          <>
            <dt>{t('home.status.database')}</dt>
            <dd>{health.data.db.status === 'up' ? t('home.status.dbUp') : t('home.status.dbDown')}</dd>
            <dt>{t('home.status.version')}</dt>
            <dd>{health.data.version}</dd>
            <dt>{t('home.status.uptime')}</dt>
            <dd>{formatUptime(health.data.uptime_s, locale)}</dd>
          </>
        ) : null}
        {history.data ? (
          history.data.uptime_percent === null ? (
            <>
              <dt>{t('home.status.availability')}</dt>
              <dd>{t('home.status.noSamples')}</dd>
            </>
          ) : (
            <>
              <dt>{t('home.status.availability')}</dt>
              <dd>{format.percent(history.data.uptime_percent, 2)}</dd>
              <dt>{t('home.status.avgResponse')}</dt>
              <dd>{format.ms(history.data.avg_response_ms)}</dd>
            </>
          )
        ) : null}
      </Facts>
    </Panel>
  );
}
