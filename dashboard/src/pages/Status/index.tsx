import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import styled from 'styled-components';
import { api, type ApiSchemas } from '../../api/client';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';

type Health = ApiSchemas['Health'];

const Panel = styled(Card)`
  max-width: 640px;
  margin: ${({ theme }) => theme.space(4)} auto;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h1 {
    margin: 0;
  }
  p {
    margin: 0;
  }
  dl {
    display: grid;
    grid-template-columns: max-content 1fr;
    gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    margin: 0;
  }
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
`;

const DB_TEXT: Record<Health['db']['status'], MessageKey> = {
  up: 'statusPage.db.up',
  degraded: 'statusPage.db.degraded',
  down: 'statusPage.db.down',
};
const DB_TONE: Record<Health['db']['status'], BadgeTone> = {
  up: 'success',
  degraded: 'warning',
  down: 'warning',
};

/**
 * The footer's Status target (issue #36 item 9): GET /api/v1/health as a page. The endpoint answers
 * 503 with the same body when the database is down, so that body is shown rather than an error.
 */
export default function StatusPage() {
  const t = useT();
  const health = useQuery({
    queryKey: ['health', 'page'],
    queryFn: async (): Promise<Health | null> => {
      const { data, error } = await api.GET('/api/v1/health');
      return data ?? ((error as Health | undefined)?.db ? (error as Health) : null);
    },
    retry: false,
  });
  const body = health.data ?? null;
  const apiState = health.isPending
    ? { text: t('status.loading'), tone: 'muted' as BadgeTone }
    : !body
      ? { text: t('status.error'), tone: 'warning' as BadgeTone }
      : body.status === 'ok'
        ? { text: t('status.ok'), tone: 'success' as BadgeTone }
        : { text: t('status.degraded'), tone: 'warning' as BadgeTone };

  return (
    <Panel aria-labelledby="status-title">
      <h1 id="status-title">{t('statusPage.title')}</h1>
      <p>{t('statusPage.intro')}</p>
      <dl aria-live="polite" aria-busy={health.isFetching}>
        <dt>{t('statusPage.api')}</dt>
        <dd>
          <Badge $tone={apiState.tone} data-testid="status-api">
            {apiState.text}
          </Badge>
        </dd>
        {body ? (
          <>
            <dt>{t('statusPage.database')}</dt>
            <dd>
              <Badge $tone={DB_TONE[body.db.status]} data-testid="status-db">
                {t(DB_TEXT[body.db.status])}
              </Badge>
              {body.db.message ? ` ${body.db.message}` : null}
            </dd>
            <dt>{t('statusPage.version')}</dt>
            <dd>{body.version}</dd>
            <dt>{t('statusPage.uptime')}</dt>
            <dd>{formatUptime(body.uptime_s)}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <Button type="button" $variant="secondary" onClick={() => void health.refetch()}>
          {t('statusPage.refresh')}
        </Button>
      </div>
      <p>{t('statusPage.support')}</p>
      <Links>
        <Link to="/docs#assistant">{t('statusPage.docs')}</Link>
        <Link to="/">{t('statusPage.backHome')}</Link>
      </Links>
    </Panel>
  );
}

/** 93784 → "1 d 2 h 3 min": days, hours and minutes are the same in German and English. */
function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days ? `${days} d` : '', days || hours ? `${hours} h` : '', `${minutes} min`]
    .filter(Boolean)
    .join(' ');
}
