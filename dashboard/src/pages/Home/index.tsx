import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { ButtonLink } from '../../ui/Button';
import { Card } from '../../ui/Card';

const Hero = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  h1 {
    margin: 0;
    font-size: clamp(2rem, 5vw, 3rem);
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 1.125rem;
  }
`;

const Status = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

export default function Home() {
  const t = useT();
  // The health endpoint answers 503 with the same body when the database is down.
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async () => unwrap(await api.GET('/api/v1/health')),
  });
  const statusText = health.isPending
    ? t('home.apiStatus.loading')
    : health.isError
      ? t('home.apiStatus.error')
      : health.data.status === 'ok'
        ? t('home.apiStatus.ok')
        : t('home.apiStatus.degraded');
  return (
    <Hero>
      <h1>{t('home.title')}</h1>
      <p>{t('home.subtitle')}</p>
      <Card aria-labelledby="api-status-heading">
        <h2 id="api-status-heading">{t('home.apiStatus')}</h2>
        <Status>
          <dt>{t('home.apiStatus')}</dt>
          <dd data-testid="api-status" aria-live="polite">
            {statusText}
          </dd>
          {health.data ? (
            <>
              <dt>{t('home.version')}</dt>
              <dd>{health.data.version}</dd>
            </>
          ) : null}
        </Status>
      </Card>
      <div>
        <ButtonLink href="/api/v1/docs" $variant="secondary">
          {t('home.apiDocs')}
        </ButtonLink>
      </div>
    </Hero>
  );
}
