import { BellOff, BellRing, Pencil, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/useToast';
import { usePermissions } from '../permissions/usePermissions';
import { useAlertMutations, type AlertRule } from './queries';
import { RuleDialog } from './RuleDialog';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/**
 * Edit, mute or unmute, send a test notification, delete (after asking). Shown only to roles
 * holding alert:manage; the API refuses the others anyway.
 */
export function RuleActions({ rule, onDeleted }: { rule: AlertRule; onDeleted?(): void }) {
  const t = useT();
  const toast = useToast();
  const permissions = usePermissions(rule.organization_id);
  const { update, remove, test } = useAlertMutations();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  if (!permissions.can('alert:manage')) return null;
  const fail = (error: unknown) =>
    toast({ title: t('alerts.actionFailed'), description: describeError(error, t), variant: 'destructive' });

  const toggleMute = () =>
    update.mutate(
      { id: rule.id, body: rule.muted ? { muted: false, muted_until: null } : { muted: true } },
      {
        onSuccess: () =>
          toast({
            title: t(rule.muted ? 'alerts.unmuted' : 'alerts.muted', { name: rule.name }),
            variant: 'success',
          }),
        onError: fail,
      },
    );
  const sendTest = () =>
    test.mutate(rule.id, {
      onSuccess: (result) =>
        toast({
          title: t('alerts.tested'),
          description: t('alerts.testedText', {
            emails: String(result.emails.length),
            failed: String(result.failed_emails.length),
            webhook: t(result.webhook ? 'alerts.yes' : 'alerts.no'),
          }),
          variant: 'success',
        }),
      onError: fail,
    });

  return (
    <Actions>
      <Button
        type="button"
        $variant="secondary"
        onClick={() => setEditing(true)}
        aria-label={t('alerts.edit', { name: rule.name })}
      >
        <Pencil aria-hidden="true" size={16} />
        {t('alerts.editShort')}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        onClick={toggleMute}
        disabled={update.isPending}
        aria-label={t(rule.muted ? 'alerts.unmute' : 'alerts.mute', { name: rule.name })}
      >
        {rule.muted ? <BellRing aria-hidden="true" size={16} /> : <BellOff aria-hidden="true" size={16} />}
        {t(rule.muted ? 'alerts.unmuteShort' : 'alerts.muteShort')}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        onClick={sendTest}
        disabled={test.isPending}
        aria-busy={test.isPending}
        aria-label={t('alerts.test', { name: rule.name })}
      >
        <Send aria-hidden="true" size={16} />
        {t('alerts.testShort')}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        onClick={() => setDeleting(true)}
        aria-label={t('alerts.delete', { name: rule.name })}
      >
        <Trash2 aria-hidden="true" size={16} />
        {t('alerts.deleteShort')}
      </Button>
      {editing ? (
        <RuleDialog
          open
          onOpenChange={setEditing}
          rule={rule}
          scope={{ projectId: rule.project_id, applicationId: rule.application_id ?? '' }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title={t('alerts.deleteTitle')}
        description={t('alerts.deleteText', { name: rule.name })}
        confirmLabel={t('alerts.deleteConfirm')}
        pendingLabel={t('alerts.deleting')}
        pending={remove.isPending}
        destructive
        onConfirm={() =>
          // mutateAsync: the page may unmount this component (the rule is gone) before a
          // mutate-level callback would run; the promise still settles.
          remove.mutateAsync(rule.id).then(() => {
            setDeleting(false);
            toast({ title: t('alerts.deleted', { name: rule.name }), variant: 'success' });
            onDeleted?.();
          }, fail)
        }
      />
    </Actions>
  );
}
