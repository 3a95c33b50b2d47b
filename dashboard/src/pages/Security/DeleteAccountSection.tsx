import { useMutation } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useState } from 'react';
import { api as dashboardApi, unwrap, type ApiClient } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Button, DangerButton } from '../../ui/Button';
import { useToast } from '../../ui/useToast';
import { ProofDialog, type Proof, type ProofAction } from './ProofDialog';
import { Muted, SecuritySection } from './SecuritySection';

/**
 * GDPR Art. 17 self-service: the account goes with its password, never with a code alone, so a
 * stolen session plus an enrolled app cannot delete it (issue #37). An account without a password
 * (Google or passkeys only) asks for a link by mail instead; its page completes the deletion. The
 * server refuses while the person is an organization's last admin and says what to do first.
 * `onDeleted` leaves the signed-in area (the server has ended every session).
 */
export function DeleteAccountSection({
  onDeleted,
  client = dashboardApi,
  description,
}: {
  onDeleted(): void;
  client?: ApiClient;
  /** What goes with the account (the dashboard's text unless given). */
  description?: string;
}) {
  const t = useT();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  // A fresh proof is asked for by the step-up dialog when the server wants one.
  const mailLink = useMutation({
    mutationFn: async () =>
      unwrap(await client.POST('/api/v1/auth/me/deletion-confirmations', {})) as { sent_to: string },
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
    const result = await client.DELETE('/api/v1/auth/me', { body: proof });
    if (!result.response.ok) unwrap(result); // 204: no body
    toast({ title: t('security.delete.done'), variant: 'success' });
    onDeleted();
  };
  return (
    <SecuritySection icon={<UserX aria-hidden="true" size={20} />} title={t('security.delete.title')}>
      <Muted>{description ?? t('security.delete.description')}</Muted>
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
