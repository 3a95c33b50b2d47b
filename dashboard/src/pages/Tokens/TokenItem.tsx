import styled from 'styled-components';
import type { ApiToken } from '../../components/dialogs/CreateTokenDialog';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';

const Item = styled.li`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadow};
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: start;
  }
`;

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    margin: 0;
    font-size: 1.05rem;
    overflow-wrap: anywhere;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const ScopeList = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Meta = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: 0;
  font-size: 0.875rem;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const STATUS_TONES: Record<ApiToken['status'], BadgeTone> = {
  active: 'success',
  revoked: 'muted',
  expired: 'warning',
};

/** One token: name, prefix, status, scopes and dates; active tokens can be revoked. */
export function TokenItem({
  token,
  applicationName,
  onRevoke,
}: {
  token: ApiToken;
  applicationName?: string;
  onRevoke(token: ApiToken): void;
}) {
  const t = useT();
  const formatDate = useFormatDate();
  return (
    <Item data-testid="token-item">
      <Body>
        <Title>
          <h2>{token.name}</h2>
          <code>{token.prefix}…</code>
          <Badge $tone={STATUS_TONES[token.status]}>{t(`tokens.status.${token.status}`)}</Badge>
        </Title>
        <ScopeList aria-label={t('tokens.column.scopes')}>
          {token.scopes.map((scope) => (
            <li key={scope}>
              <Badge $tone="info">{scope}</Badge>
            </li>
          ))}
        </ScopeList>
        <Meta>
          {applicationName ? (
            <div>
              <dt>{t('tokens.column.application')}</dt>
              <dd>{applicationName}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('tokens.column.expires')}</dt>
            <dd>{token.expires_at ? formatDate(token.expires_at, true) : t('tokens.noExpiry')}</dd>
          </div>
          <div>
            <dt>{t('tokens.column.lastUsed')}</dt>
            <dd>{token.last_used_at ? formatDate(token.last_used_at, true) : t('tokens.never')}</dd>
          </div>
          <div>
            <dt>{t('tokens.column.created')}</dt>
            <dd>{formatDate(token.created_at, true)}</dd>
          </div>
        </Meta>
      </Body>
      {token.status === 'active' ? (
        <Button
          type="button"
          $variant="secondary"
          aria-label={t('tokens.revoke.label', { name: token.name })}
          onClick={() => onRevoke(token)}
        >
          {t('tokens.revoke')}
        </Button>
      ) : null}
    </Item>
  );
}
