import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { usePermissions } from '../../../components/permissions/usePermissions';
import type { Application } from '../../../components/tenancy/queries';
import { useT } from '../../../i18n/useT';
import { EmptyState } from '../../../ui/EmptyState';
import { ClientForm } from './ClientForm';
import { EndpointsCard } from './EndpointsCard';
import { isConfidential } from './oidcForm';
import { CLIENT_TYPES, type ClientType } from './queries';
import { SecretCard } from './SecretCard';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const TypeChoices = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  width: 100%;
  max-width: 880px;
  margin-top: ${({ theme }) => theme.space(2)};
  text-align: left;
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  h3 {
    grid-column: 1 / -1;
    margin: 0;
    font-size: 0.9rem;
  }
`;

const TypeButton = styled.button`
  display: grid;
  gap: 2px;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  text-align: left;
  cursor: pointer;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
    background: #eef2ff;
  }
  strong {
    font-weight: 600;
  }
  span {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** Not a client yet: what that means, and (for admins) the four kinds of client to start from. */
function NotAClient({ readOnly, onChoose }: { readOnly: boolean; onChoose(type: ClientType): void }) {
  const t = useT();
  return (
    <EmptyState
      icon={<ShieldCheck aria-hidden="true" size={32} />}
      title={t('oidc.empty.title')}
      text={t(readOnly ? 'oidc.empty.readOnly' : 'oidc.empty.text')}
      action={
        readOnly ? undefined : (
          <TypeChoices role="group" aria-labelledby="oidc-choose-type">
            <h3 id="oidc-choose-type">{t('oidc.empty.choose')}</h3>
            {CLIENT_TYPES.map((type) => (
              <TypeButton key={type} type="button" onClick={() => onChoose(type)}>
                <strong>{t(`oidc.type.${type}`)}</strong>
                <span>{t(`oidc.type.${type}.text`)}</span>
              </TypeButton>
            ))}
          </TypeChoices>
        )
      }
    />
  );
}

/**
 * The application page's "OpenID Connect" tab (issue #32): the application as a client of its
 * project's issuer — settings, client secret and the endpoints to configure it with. Members
 * read; roles holding application:manage_oidc (admins) change (saving asks for a fresh proof of
 * identity when due, through the frame's step-up dialog).
 */
export function OidcTab({ application }: { application: Application }) {
  const permissions = usePermissions(application.organization_id);
  // Bumped by a save: the form starts again from what the server kept.
  const [version, setVersion] = useState(0);
  const [setupType, setSetupType] = useState<ClientType | null>(null);
  const oidc = application.oidc;
  const readOnly = !permissions.isPending && !permissions.can('application:manage_oidc');
  if (oidc.client_type === null && setupType === null)
    return <NotAClient readOnly={readOnly} onChoose={setSetupType} />;
  return (
    <Stack>
      <ClientForm
        key={version}
        applicationId={application.id}
        saved={oidc}
        initialType={oidc.client_type === null ? setupType : null}
        readOnly={readOnly}
        onSaved={() => {
          setSetupType(null);
          setVersion((current) => current + 1);
        }}
        onCancelSetup={() => setSetupType(null)}
      />
      {isConfidential(oidc.client_type) ? (
        <SecretCard applicationId={application.id} oidc={oidc} readOnly={readOnly} />
      ) : null}
      {oidc.client_type !== null ? <EndpointsCard oidc={oidc} /> : null}
    </Stack>
  );
}
