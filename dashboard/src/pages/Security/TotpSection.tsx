import { useMutation } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { api as dashboardApi, unwrap, type ApiClient, type ApiSchemas } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Skeletons } from '../../ui/Skeleton';
import { useToast } from '../../ui/useToast';
import { ProofDialog, type Proof, type ProofAction } from './ProofDialog';
import { RecoveryCodes } from './RecoveryCodes';
import { Actions, Muted, SecuritySection } from './SecuritySection';
import { TotpEnrolment } from './TotpEnrolment';

type Stage =
  | { name: 'idle' }
  | { name: 'enrolling'; enrolment: { secret: string; otpauth_url: string } }
  | { name: 'codes'; codes: string[] };

/**
 * The authenticator app (TOTP): status, enrolment, recovery codes, turning it off. Shown for
 * the dashboard's session or, with `client`, another one (a hosted account page's end user).
 */
export function TotpSection({
  twoFactor,
  email,
  onChanged,
  client = dashboardApi,
}: {
  /** The account's two-factor status from /auth/me; undefined while it loads. */
  twoFactor: ApiSchemas['Me']['two_factor'] | undefined;
  /** Named in the recovery codes' file. */
  email: string;
  /** Runs after a change (reloads /auth/me, whose two-factor status changed). */
  onChanged(): Promise<unknown>;
  client?: ApiClient;
}) {
  const t = useT();
  const toast = useToast();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const [proofFor, setProofFor] = useState<ProofAction | null>(null);
  const enabled = twoFactor?.methods.includes('totp') ?? false;
  const reload = () => onChanged().catch(() => undefined);

  const start = useMutation({
    mutationFn: async () => unwrap(await client.POST('/api/v1/auth/mfa/totp')),
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
      const result = await client.DELETE('/api/v1/auth/mfa/totp', { body: proof });
      // 204: no body to unwrap
      if (!result.response.ok) unwrap(result);
      toast({ title: t('security.totp.disabled'), variant: 'success' });
      setStage({ name: 'idle' });
    } else {
      const answer = unwrap(await client.POST('/api/v1/auth/mfa/recovery-codes', { body: proof }));
      toast({ title: t('security.recovery.regenerated'), variant: 'success' });
      setStage({ name: 'codes', codes: answer.recovery_codes });
    }
    setProofFor(null);
    await reload();
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
    content = <RecoveryCodes codes={stage.codes} email={email} onDone={() => setStage({ name: 'idle' })} />;
  } else if (stage.name === 'enrolling' && !enabled) {
    content = (
      <TotpEnrolment
        enrolment={stage.enrolment}
        client={client}
        onCancel={() => setStage({ name: 'idle' })}
        onEnabled={(codes) => {
          setStage({ name: 'codes', codes });
          void reload();
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
