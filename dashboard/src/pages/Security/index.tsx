import { useMutation } from '@tanstack/react-query';
import { KeyRound, ShieldAlert, Smartphone, UserX } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { DangerButton } from '../../components/tenancy/ConfirmInline';
import { PageHeader } from '../../components/tenancy/PageParts';
import { useT } from '../../i18n/useT';
import { clearSession, reloadUser, useSessionStore } from '../../stores/session';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Skeletons } from '../../ui/Skeleton';
import { useToast } from '../../ui/useToast';
import { PasskeysSection } from './PasskeysSection';
import { ProofDialog, type Proof, type ProofAction } from './ProofDialog';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  max-width: 880px;
  min-width: 0;
`;

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  p {
    margin: 0;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const SectionTitle = styled.h2`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  font-size: 1.2rem;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

const PolicyNotice = styled.section`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid #f59e0b;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fffbeb;
  color: #78350f;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.05rem;
  }
  p {
    margin: 0;
  }
  svg {
    flex: none;
  }
`;

/** One card of the page: a heading (with an icon and a status) and its content. */
function SecuritySection({
  icon,
  title,
  status,
  children,
}: {
  icon: ReactNode;
  title: string;
  status?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>
        {icon}
        {title}
        {status}
      </SectionTitle>
      {children}
    </Section>
  );
}

type Stage =
  | { name: 'idle' }
  | { name: 'enrolling'; enrolment: { secret: string; otpauth_url: string } }
  | { name: 'codes'; codes: string[] };

/** The authenticator app (TOTP): status, enrolment, recovery codes, turning it off. */
function TotpSection() {
  const t = useT();
  const toast = useToast();
  const twoFactor = useSessionStore((state) => state.session?.user.two_factor);
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [proofFor, setProofFor] = useState<ProofAction | null>(null);
  const enabled = twoFactor?.methods.includes('totp') ?? false;

  const start = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/auth/mfa/totp')),
    onSuccess: (enrolment) => setStage({ name: 'enrolling', enrolment }),
    onError: (failure) =>
      toast({
        title: t('security.totp.startFailed'),
        description: describeError(failure, t),
        variant: 'destructive',
      }),
  });

  const changeWithProof = async (action: ProofAction, proof: Proof) => {
    if (action === 'disable') {
      const result = await api.DELETE('/api/v1/auth/mfa/totp', { body: proof });
      // 204: no body to unwrap
      if (!result.response.ok) unwrap(result);
      toast({ title: t('security.totp.disabled'), variant: 'success' });
      setStage({ name: 'idle' });
    } else {
      const answer = unwrap(await api.POST('/api/v1/auth/mfa/recovery-codes', { body: proof }));
      toast({ title: t('security.recovery.regenerated'), variant: 'success' });
      setStage({ name: 'codes', codes: answer.recovery_codes });
    }
    setProofFor(null);
    await reloadUser().catch(() => undefined);
  };

  const status = twoFactor ? (
    <Badge $tone={enabled ? 'success' : 'muted'} data-testid="totp-status">
      {enabled ? t('security.status.active') : t('security.status.inactive')}
    </Badge>
  ) : null;

  let content: ReactNode;
  if (!twoFactor) {
    content = <Skeletons count={1} height={48} label={t('common.loading')} />;
  } else if (stage.name === 'codes') {
    content = <RecoveryCodes codes={stage.codes} onDone={() => setStage({ name: 'idle' })} />;
  } else if (stage.name === 'enrolling' && !enabled) {
    content = (
      <TotpEnrolment
        enrolment={stage.enrolment}
        onCancel={() => setStage({ name: 'idle' })}
        onEnabled={(codes) => {
          setStage({ name: 'codes', codes });
          void reloadUser().catch(() => undefined);
        }}
      />
    );
  } else if (enabled) {
    const left = twoFactor.recovery_codes_left;
    content = (
      <>
        <p>{t('security.totp.activeText')}</p>
        <Muted data-testid="recovery-codes-left">
          {t('security.recovery.left', { count: String(left) })}
          {left <= 3 ? ` ${t('security.recovery.low')}` : ''}
        </Muted>
        <Actions>
          <Button type="button" $variant="secondary" onClick={() => setProofFor('regenerate')}>
            {t('security.recovery.regenerate')}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setProofFor('disable')}>
            {t('security.totp.disable')}
          </Button>
        </Actions>
      </>
    );
  } else {
    content = (
      <Actions>
        <Button type="button" onClick={() => start.mutate()} disabled={start.isPending}>
          {start.isPending ? t('security.totp.starting') : t('security.totp.start')}
        </Button>
      </Actions>
    );
  }

  return (
    <SecuritySection
      icon={<Smartphone aria-hidden="true" size={20} />}
      title={t('security.totp.title')}
      status={status}
    >
      {enabled ? null : <Muted>{t('security.totp.description')}</Muted>}
      {content}
      <ProofDialog
        action={proofFor}
        onOpenChange={(open) => !open && setProofFor(null)}
        onProof={changeWithProof}
      />
    </SecuritySection>
  );
}

/**
 * GDPR Art. 17 self-service: the account goes with its password, never with a code alone, so a
 * stolen session plus an enrolled app cannot delete it (issue #37). An account without a password
 * (Google or passkeys only) asks for a link by mail instead; its page completes the deletion. The
 * server refuses while the person is an organization's last admin and says what to do first.
 */
function DeleteAccountSection() {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // A fresh proof is asked for by the step-up dialog when the server wants one.
  const mailLink = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/auth/me/deletion-confirmations', {})) as { sent_to: string },
    onSuccess: (sent) =>
      toast({
        title: t('security.delete.linkSent'),
        description: t('security.delete.linkSentText', { email: sent.sent_to }),
        variant: 'success',
      }),
    onError: (failure) =>
      toast({
        title: t('security.delete.title'),
        description: describeError(failure, t),
        variant: 'destructive',
      }),
  });
  const deleteAccount = async (_action: ProofAction, proof: Proof) => {
    const result = await api.DELETE('/api/v1/auth/me', { body: proof });
    if (!result.response.ok) unwrap(result); // 204: no body
    // The server has ended every session; forget this one and leave the signed-in area.
    clearSession();
    toast({ title: t('security.delete.done'), variant: 'success' });
    void navigate('/', { replace: true });
  };
  return (
    <SecuritySection icon={<UserX aria-hidden="true" size={20} />} title={t('security.delete.title')}>
      <Muted>{t('security.delete.description')}</Muted>
      <div>
        <DangerButton type="button" onClick={() => setOpen(true)}>
          {t('security.delete.open')}
        </DangerButton>
      </div>
      <Muted>{t('security.delete.noPassword')}</Muted>
      <div>
        <Button
          type="button"
          $variant="secondary"
          disabled={mailLink.isPending}
          onClick={() => mailLink.mutate()}
        >
          {t('security.delete.mailLink')}
        </Button>
      </div>
      <ProofDialog
        action={open ? 'deleteAccount' : null}
        allowCode={false}
        onOpenChange={setOpen}
        onProof={deleteAccount}
      />
    </SecuritySection>
  );
}

/** /account/security: the signed-in user's second factors (authenticator app, passkeys). */
export default function Security() {
  const t = useT();
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
      <TotpSection />
      <SecuritySection icon={<KeyRound aria-hidden="true" size={20} />} title={t('security.passkeys.title')}>
        <PasskeysSection />
      </SecuritySection>
      <DeleteAccountSection />
    </Page>
  );
}
