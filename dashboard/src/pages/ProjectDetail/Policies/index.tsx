import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '../../../api/errors';
import { ManagedEntry } from '../../../components/permissions/ManagedEntry';
import { MissingPermissionNote, PermissionButton } from '../../../components/permissions/PermissionButton';
import { usePermissions, type Permissions } from '../../../components/permissions/usePermissions';
import { Muted } from '../../../components/tenancy/PageParts';
import { expectNoContent } from '../../../components/tenancy/queries';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { BorderedList } from '../../../ui/BorderedList';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { PanelCard, PanelHead, PanelStack } from './parts';
import { PolicyDialog } from './PolicyEditor';
import type { Policy } from './policyForm';
import { deletePolicy, policyKeys, updatePolicy, usePolicies, type PolicyOwner } from './queries';
import { TestPanel } from './TestPanel';

export type { PolicyOwner } from './queries';

/** How many conditions a policy has (each filled-in field of the editor counts once). */
function conditionCount(policy: Policy): number {
  const { subject, resource, context } = policy.conditions;
  return (
    Object.keys(subject ?? {}).length +
    Object.keys(resource ?? {}).filter((key) => key !== 'attributes').length +
    Object.keys(resource?.attributes ?? {}).length +
    Object.keys(context ?? {}).length
  );
}

/**
 * The policies of a project ("Policies" tab) or of an organization: the list (effect, actions,
 * conditions, on/off), the editor, and the "test this request" panel. Reading needs policy:read,
 * changing policy:manage.
 */
export function PoliciesPanel({ owner }: { owner: PolicyOwner }) {
  const t = useT();
  const permissions = usePermissions(owner.organizationId);
  const list = usePolicies(owner);
  const [editing, setEditing] = useState<Policy | null>(null);
  const [creating, setCreating] = useState(false);
  if (!permissions.isPending && !permissions.can('policy:read'))
    return <MissingPermissionNote permission="policy:read" />;
  return (
    <PanelStack>
      <PanelCard aria-labelledby={`policies-title-${owner.kind}`}>
        <PanelHead>
          <div>
            <h3 id={`policies-title-${owner.kind}`}>{t('policies.title')}</h3>
            <p>{t(owner.kind === 'project' ? 'policies.intro' : 'policies.organizationIntro')}</p>
          </div>
          <PermissionButton
            type="button"
            permissions={permissions}
            need="policy:manage"
            onClick={() => setCreating(true)}
          >
            {t('policies.new')}
          </PermissionButton>
        </PanelHead>
        {list.isPending ? (
          <Skeletons count={2} label={t('policies.loading')} height={64} />
        ) : list.isError ? (
          <Alert tone="error">{describeError(list.error, t)}</Alert>
        ) : list.data.length === 0 ? (
          <Muted as="p">{t('policies.empty')}</Muted>
        ) : (
          <BorderedList aria-label={t('policies.title')}>
            {list.data.map((policy) => (
              <PolicyRow
                key={policy.id}
                owner={owner}
                policy={policy}
                permissions={permissions}
                onEdit={() => setEditing(policy)}
              />
            ))}
          </BorderedList>
        )}
      </PanelCard>
      <TestPanel owner={owner} />
      <PolicyDialog
        owner={owner}
        policy={editing}
        open={creating || editing !== null}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
    </PanelStack>
  );
}

function PolicyRow({
  owner,
  policy,
  permissions,
  onEdit,
}: {
  owner: PolicyOwner;
  policy: Policy;
  permissions: Permissions;
  onEdit(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: policyKeys.list(owner) });
  const remove = useMutation({
    mutationFn: async () => expectNoContent(await deletePolicy(owner, policy.id)),
    onSuccess: async () => {
      toast({ title: t('policies.deleted'), description: policy.name, variant: 'success' });
      await refresh();
    },
    onError: (failure) => {
      setConfirming(false);
      fail('tenancy.deleteFailed', failure);
    },
  });
  const toggle = useMutation({
    mutationFn: () => updatePolicy(owner, policy.id, { enabled: !policy.enabled }),
    onSuccess: refresh,
    onError: (failure) => fail('tenancy.updateFailed', failure),
  });
  const count = conditionCount(policy);
  return (
    <ManagedEntry
      testId="policy"
      permissions={permissions}
      need="policy:manage"
      buttons={[
        {
          label: t(policy.enabled ? 'policies.disable' : 'policies.enable', { name: policy.name }),
          text: policy.enabled ? t('policies.off') : t('policies.on'),
          disabled: toggle.isPending,
          onClick: () => toggle.mutate(),
        },
        { label: t('policies.editLabel', { name: policy.name }), text: t('policies.edit'), onClick: onEdit },
        {
          label: t('policies.deleteLabel', { name: policy.name }),
          text: t('policies.delete'),
          onClick: () => setConfirming(true),
        },
      ]}
      confirm={
        confirming
          ? {
              question: t('policies.confirmDelete', { name: policy.name }),
              confirmLabel: t('policies.delete'),
              pending: remove.isPending,
              onConfirm: () => remove.mutate(),
              onCancel: () => setConfirming(false),
            }
          : null
      }
    >
      <strong>{policy.name}</strong>
      <p>
        <Badge $tone={policy.effect === 'deny' ? 'warning' : 'success'}>
          {policy.effect === 'deny' ? t('policies.deny') : t('policies.allow')}
        </Badge>{' '}
        <Badge $tone={policy.enabled ? 'info' : 'muted'}>
          {policy.enabled ? t('policies.on') : t('policies.off')}
        </Badge>
      </p>
      <Muted>{t('policies.actionsOf', { actions: policy.actions.join(', ') })}</Muted>
      <Muted>
        {count === 0
          ? t('policies.noConditions')
          : count === 1
            ? t('policies.conditionsOne')
            : t('policies.conditionsCount', { count: String(count) })}
      </Muted>
      {policy.description ? <p>{policy.description}</p> : null}
    </ManagedEntry>
  );
}
