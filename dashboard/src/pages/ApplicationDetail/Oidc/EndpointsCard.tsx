import { Check, Copy, RefreshCw } from 'lucide-react';
import styled from 'styled-components';
import type { MessageKey } from '../../../i18n/messages';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { Skeletons } from '../../../ui/Skeleton';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard';
import { Section } from './parts';
import { discoveryUrl, useDiscovery, type DiscoveryDocument, type OidcSettings } from './queries';

const List = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  min-width: 0;
  > div {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    align-items: center;
    min-width: 0;
    padding-bottom: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  > div:last-child {
    padding-bottom: 0;
    border-bottom: 0;
  }
  dt {
    font-weight: 600;
    font-size: 0.9rem;
  }
  dd {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    min-width: 0;
  }
  code {
    flex: 1;
    min-width: 0;
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f1f5f9;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    > div {
      grid-template-columns: 180px minmax(0, 1fr);
    }
  }
`;

const IconButton = styled(Button)`
  flex: none;
  padding: ${({ theme }) => theme.space(2)};
`;

const Unavailable = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px dashed #94a3b8;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  p {
    flex: 1 1 280px;
    margin: 0;
  }
`;

function CopyRow({ name, value }: { name: string; value: string }) {
  const t = useT();
  const { copy, copied } = useCopyToClipboard({
    copied: t('tenancy.copied'),
    failed: t('tenancy.copyFailed'),
  });
  return (
    <div>
      <dt>{name}</dt>
      <dd>
        <code>{value}</code>
        <IconButton
          type="button"
          $variant="secondary"
          aria-label={t('oidc.endpoints.copy', { name })}
          onClick={() => void copy(value)}
        >
          {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
        </IconButton>
      </dd>
    </div>
  );
}

/** The discovery document's endpoints this card lists, in the order a developer needs them. */
const DISCOVERED: Array<[keyof DiscoveryDocument, MessageKey]> = [
  ['authorization_endpoint', 'oidc.endpoints.authorization'],
  ['token_endpoint', 'oidc.endpoints.token'],
  ['userinfo_endpoint', 'oidc.endpoints.userinfo'],
  ['jwks_uri', 'oidc.endpoints.jwks'],
  ['end_session_endpoint', 'oidc.endpoints.endSession'],
  ['introspection_endpoint', 'oidc.endpoints.introspection'],
  ['revocation_endpoint', 'oidc.endpoints.revocation'],
];

/**
 * What a developer copies into the application's configuration: the client id, the issuer and
 * its discovery URL, and the endpoints as the issuer's discovery document names them.
 */
export function EndpointsCard({ oidc }: { oidc: OidcSettings }) {
  const t = useT();
  const discovery = useDiscovery(oidc.issuer, { enabled: oidc.client_type !== null });
  return (
    <Section aria-labelledby="oidc-endpoints">
      <h2 id="oidc-endpoints">{t('oidc.endpoints.title')}</h2>
      <p>{t('oidc.endpoints.text')}</p>
      <List>
        <CopyRow name={t('oidc.endpoints.clientId')} value={oidc.client_id} />
        <CopyRow name={t('oidc.endpoints.issuer')} value={oidc.issuer} />
        <CopyRow name={t('oidc.endpoints.discovery')} value={discoveryUrl(oidc.issuer)} />
        {discovery.data
          ? DISCOVERED.map(([field, label]) => {
              const value = discovery.data[field];
              return value ? <CopyRow key={field} name={t(label)} value={value} /> : null;
            })
          : null}
      </List>
      {discovery.isPending && oidc.client_type !== null ? (
        <Skeletons count={1} height={120} label={t('oidc.endpoints.loading')} />
      ) : null}
      {discovery.isError ? (
        <Unavailable role="status">
          <p>{t('oidc.endpoints.unavailable')}</p>
          <Button type="button" $variant="secondary" onClick={() => void discovery.refetch()}>
            <RefreshCw aria-hidden="true" size={16} />
            {t('oidc.endpoints.retry')}
          </Button>
        </Unavailable>
      ) : null}
    </Section>
  );
}
