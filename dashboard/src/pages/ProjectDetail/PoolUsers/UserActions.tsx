import { useMutation } from '@tanstack/react-query';
import { Ban, Download, LogOut, Mail, ShieldOff, Trash2, UserCheck } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { describeError } from '../../../api/errors';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import type { MessageKey } from '../../../i18n/messages';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button, DangerButton } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { DialogActions, DialogForm } from '../../../ui/DialogForm';
import { TextField } from '../../../ui/Field';
import { useToast } from '../../../ui/useToast';
import { exportPoolUser, useUserAction, type PoolUserDetail, type UserAction } from './queries';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Buttons = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 220px), 1fr));
  > button {
    justify-content: flex-start;
    text-align: left;
  }
  svg {
    flex: none;
  }
`;

/** The actions that ask first: what happens, and the toast once it did. */
const CONFIRMED: Record<
  'block' | 'signOut' | 'resetSecondFactor',
  { title: MessageKey; text: MessageKey; confirm: MessageKey; destructive: boolean }
> = {
  block: {
    title: 'projectUsers.block.title',
    text: 'projectUsers.block.text',
    confirm: 'projectUsers.block',
    destructive: true,
  },
  signOut: {
    title: 'projectUsers.signOut.title',
    text: 'projectUsers.signOut.text',
    confirm: 'projectUsers.signOut',
    destructive: false,
  },
  resetSecondFactor: {
    title: 'projectUsers.resetFactor.title',
    text: 'projectUsers.resetFactor.text',
    confirm: 'projectUsers.resetFactor',
    destructive: true,
  },
};

const DONE: Record<UserAction, MessageKey> = {
  block: 'projectUsers.blocked',
  unblock: 'projectUsers.unblocked',
  signOut: 'projectUsers.signedOut',
  resetSecondFactor: 'projectUsers.factorReset',
  sendReset: 'projectUsers.resetSent',
  delete: 'projectUsers.deleted',
};

const FAILED: Record<UserAction, MessageKey> = {
  block: 'projectUsers.blockFailed',
  unblock: 'projectUsers.unblockFailed',
  signOut: 'projectUsers.signOutFailed',
  resetSecondFactor: 'projectUsers.resetFactorFailed',
  sendReset: 'projectUsers.resetSendFailed',
  delete: 'projectUsers.deleteFailed',
};

/** What the success toast adds: how many sessions ended, which factors went, where the mail went. */
function detailOf(action: UserAction, result: unknown, user: PoolUserDetail, t: ReturnType<typeof useT>) {
  if (action === 'signOut' || action === 'block') {
    const ended = (result as { sessions_ended?: number } | null)?.sessions_ended;
    return ended === undefined ? user.email : t('projectUsers.sessionsEnded', { count: String(ended) });
  }
  if (action === 'resetSecondFactor') {
    const removed = (result as { removed?: unknown[] } | null)?.removed?.length ?? 0;
    return t('projectUsers.factorsRemoved', { count: String(removed) });
  }
  if (action === 'sendReset') return (result as { sent_to?: string } | null)?.sent_to ?? user.email;
  return user.email;
}

/**
 * What an admin does to a user: block/unblock, sign out everywhere, reset the second factor,
 * send a password-reset mail, export the data and delete the account (after typing its e-mail).
 * Members see only the export.
 */
export function UserActions({
  projectId,
  user,
  canChange,
  canDelete = canChange,
  onDeleted,
}: {
  projectId: string;
  user: PoolUserDetail;
  /** Block, sign out, reset (pool_user:update). */
  canChange: boolean;
  /** Delete the account (pool_user:delete); by default as canChange. */
  canDelete?: boolean;
  onDeleted(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const action = useUserAction(projectId, user.id);
  const [confirming, setConfirming] = useState<keyof typeof CONFIRMED | null>(null);
  const [deleting, setDeleting] = useState(false);
  const exportData = useMutation({
    mutationFn: () => exportPoolUser(projectId, user.id),
    onSuccess: () =>
      toast({ title: t('projectUsers.exported'), description: user.email, variant: 'success' }),
    onError: (error) => fail('projectUsers.exportFailed', error),
  });

  const run = (name: UserAction, after?: () => void) =>
    action.mutate(name, {
      onSuccess: (result) => {
        toast({ title: t(DONE[name]), description: detailOf(name, result, user, t), variant: 'success' });
        after?.();
      },
      onError: (error) => fail(FAILED[name], error),
      onSettled: () => setConfirming(null),
    });

  const pendingAction = action.isPending ? action.variables : null;
  const button = (
    name: UserAction,
    icon: ReactNode,
    label: MessageKey,
    onClick: () => void,
    disabled = false,
  ) => (
    <Button
      type="button"
      $variant="secondary"
      onClick={onClick}
      disabled={disabled || action.isPending}
      aria-busy={pendingAction === name}
    >
      {icon}
      {pendingAction === name ? t('projectUsers.working') : t(label)}
    </Button>
  );

  const confirm = confirming ? CONFIRMED[confirming] : null;
  return (
    <Section>
      <h3>{t('projectUsers.actions')}</h3>
      <Buttons>
        {canChange
          ? user.blocked
            ? button('unblock', <UserCheck aria-hidden="true" size={16} />, 'projectUsers.unblock', () =>
                run('unblock'),
              )
            : button('block', <Ban aria-hidden="true" size={16} />, 'projectUsers.block', () =>
                setConfirming('block'),
              )
          : null}
        {canChange
          ? button('signOut', <LogOut aria-hidden="true" size={16} />, 'projectUsers.signOut', () =>
              setConfirming('signOut'),
            )
          : null}
        {canChange
          ? button(
              'resetSecondFactor',
              <ShieldOff aria-hidden="true" size={16} />,
              'projectUsers.resetFactor',
              () => setConfirming('resetSecondFactor'),
              !user.second_factor,
            )
          : null}
        {canChange
          ? button(
              'sendReset',
              <Mail aria-hidden="true" size={16} />,
              'projectUsers.sendReset',
              () => run('sendReset'),
              user.blocked,
            )
          : null}
        <Button
          type="button"
          $variant="secondary"
          onClick={() => exportData.mutate()}
          disabled={exportData.isPending}
          aria-busy={exportData.isPending}
        >
          <Download aria-hidden="true" size={16} />
          {exportData.isPending ? t('projectUsers.working') : t('projectUsers.export')}
        </Button>
        {canDelete ? (
          <DangerButton type="button" onClick={() => setDeleting(true)} disabled={action.isPending}>
            <Trash2 aria-hidden="true" size={16} />
            {t('projectUsers.delete')}
          </DangerButton>
        ) : null}
      </Buttons>
      {user.blocked && canChange ? <Hint>{t('projectUsers.blockedHint')}</Hint> : null}
      {confirm ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={t(confirm.title)}
          description={t(confirm.text, { email: user.email })}
          confirmLabel={t(confirm.confirm)}
          pendingLabel={t('projectUsers.working')}
          pending={action.isPending}
          destructive={confirm.destructive}
          onConfirm={() => run(confirming!)}
        />
      ) : null}
      <DeleteUserDialog
        open={deleting}
        onOpenChange={setDeleting}
        email={user.email}
        pending={pendingAction === 'delete'}
        error={action.variables === 'delete' && action.isError ? describeError(action.error, t) : null}
        onConfirm={() =>
          run('delete', () => {
            setDeleting(false);
            onDeleted();
          })
        }
      />
    </Section>
  );
}

/** Deleting a user is for good: the dialog asks for their e-mail address, typed out. */
function DeleteUserDialog({
  open,
  onOpenChange,
  email,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  email: string;
  pending: boolean;
  error: string | null;
  onConfirm(): void;
}) {
  const t = useT();
  const hintId = useId();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      title={t('projectUsers.delete.title')}
      description={t('projectUsers.delete.text', { email })}
      closeLabel={t('common.close')}
    >
      <DialogForm
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !pending) onConfirm();
        }}
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField
          label={t('projectUsers.delete.typeEmail', { email })}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <Hint id={hintId}>{t('projectUsers.delete.hint')}</Hint>
        <DialogActions>
          <Button type="button" $variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            {t('common.cancel')}
          </Button>
          <DangerButton type="submit" disabled={!matches || pending} aria-busy={pending}>
            {pending ? t('projectUsers.deleting') : t('projectUsers.delete.confirm')}
          </DangerButton>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
