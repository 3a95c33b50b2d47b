import { useState } from 'react';
import { describeError } from '../../../api/errors';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions, DialogForm } from '../../../ui/DialogForm';
import { TextField } from '../../../ui/Field';
import { useToast } from '../../../ui/useToast';
import type { SignupMode } from '../PoolSettings/queries';
import { useInviteUser } from './queries';

/**
 * "Benutzer einladen": the address gets a mail with a link to set a password on the hosted page
 * (POST …/users/invite). The only way in while sign-up is by invitation; possible in any mode.
 */
export function InviteDialog({
  projectId,
  signup,
  open,
  onOpenChange,
}: {
  projectId: string;
  signup: SignupMode | undefined;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('projectUsers.invite.title')}
      description={t(signup === 'invite' ? 'projectUsers.invite.textInviteOnly' : 'projectUsers.invite.text')}
      closeLabel={t('common.close')}
    >
      {open ? <InviteForm projectId={projectId} onDone={() => onOpenChange(false)} /> : null}
    </Dialog>
  );
}

function InviteForm({ projectId, onDone }: { projectId: string; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invite = useInviteUser(projectId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <DialogForm
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const address = email.trim();
        if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
          setError(t('projectUsers.invite.emailRequired'));
          return;
        }
        setError(null);
        invite.mutate(address, {
          onSuccess: (answer) => {
            toast({
              title: t(answer.created ? 'projectUsers.invited' : 'projectUsers.invitedAgain'),
              description: answer.user.email,
              variant: 'success',
            });
            onDone();
          },
          onError: (failure) => {
            setError(describeError(failure, t));
            fail('projectUsers.inviteFailed', failure);
          },
        });
      }}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t('projectUsers.invite.email')}
        type="email"
        autoComplete="off"
        required
        aria-invalid={Boolean(error)}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <DialogActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={invite.isPending} aria-busy={invite.isPending}>
          {invite.isPending ? t('projectUsers.invite.sending') : t('projectUsers.invite.send')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
