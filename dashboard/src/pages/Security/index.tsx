import { KeyRound, ShieldAlert } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { PageHeader } from '../../components/tenancy/PageParts';
import { useT } from '../../i18n/useT';
import { clearSession, reloadUser, useSessionStore } from '../../stores/session';
import { DeleteAccountSection } from './DeleteAccountSection';
import { EmailChangeSection } from './EmailChangeSection';
import { PasskeysSection } from './PasskeysSection';
import { PolicyNotice, SecuritySection } from './SecuritySection';
import { TotpSection } from './TotpSection';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 880px;
  min-width: 0;
`;

/**
 * /account/security: the signed-in user's e-mail address and second factors (authenticator app,
 * passkeys), and deleting the account.
 */
export default function Security() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.session?.user);
  const noticeId = useId();

  // The stored user may be from before a change in another tab or by an admin's policy.
  useEffect(() => {
    void reloadUser().catch(() => undefined);
  }, []);

  const requiredBy = user?.two_factor?.required_by ?? [];
  return (
    <Page>
      <PageHeader title={t('security.title')} intro={t('security.intro')} />
      {user?.mfa_enrollment_required ? (
        <PolicyNotice aria-labelledby={noticeId} data-testid="mfa-policy-notice">
          <ShieldAlert aria-hidden="true" size={22} />
          <div>
            <h2 id={noticeId}>{t('security.policy.title')}</h2>
            <p>
              {t('security.policy.text', {
                organizations: requiredBy.map((organization) => `„${organization.name}“`).join(', '),
              })}
            </p>
          </div>
        </PolicyNotice>
      ) : null}
      <EmailChangeSection email={user?.email ?? ''} />
      <TotpSection twoFactor={user?.two_factor} email={user?.email ?? ''} onChanged={reloadUser} />
      <SecuritySection icon={<KeyRound aria-hidden="true" size={20} />} title={t('security.passkeys.title')}>
        <PasskeysSection />
      </SecuritySection>
      <DeleteAccountSection
        onDeleted={() => {
          // The server has ended every session; forget this one and leave the signed-in area.
          clearSession();
          void navigate('/', { replace: true });
        }}
      />
    </Page>
  );
}
