import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { NameChips } from '../../../components/permissions/NameChips';
import { PermissionButton } from '../../../components/permissions/PermissionButton';
import { Groups, PermissionGroup } from '../../../components/permissions/PermissionChecklist';
import type { Permissions } from '../../../components/permissions/usePermissions';
import { FormActions, FormStack } from '../../../components/tenancy/FormLayout';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { useAppRoles } from '../AppRoles/queries';
import { poolUserKeys, type PoolUser } from './queries';

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

/**
 * "Rollen" in a user's details panel (issue #33): the application roles the user holds and the
 * permissions they grant; those holding app_role:assign choose the roles in a dialog
 * (PUT /projects/{id}/users/{user_id}/roles). Tokens carry them from the next sign-in or refresh.
 */
export function UserRoles({
  projectId,
  user,
  permissions,
}: {
  projectId: string;
  user: PoolUser;
  permissions: Permissions;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const roles = useAppRoles(projectId, { enabled: permissions.can('app_role:read') });
  const held = user.roles ?? [];
  const granted = [
    ...new Set(
      (roles.data ?? []).filter((role) => held.includes(role.name)).flatMap((role) => role.permissions),
    ),
  ].sort();
  const name = user.display_name || user.email;
  return (
    <Section aria-labelledby={`roles-${user.id}`}>
      <h3 id={`roles-${user.id}`}>{t('appRoles.user.title')}</h3>
      <Line>
        {held.length > 0 ? (
          <NameChips names={held} tone="role" label={t('appRoles.user.rolesOf', { name })} />
        ) : (
          <p>{t('appRoles.user.none')}</p>
        )}
        <PermissionButton
          type="button"
          $variant="secondary"
          permissions={permissions}
          need="app_role:assign"
          aria-label={t('appRoles.user.assignLabel', { name })}
          onClick={() => setEditing(true)}
        >
          {t('appRoles.user.assign')}
        </PermissionButton>
      </Line>
      {granted.length > 0 ? (
        <Line>
          <p>{t('appRoles.user.grants')}</p>
          <NameChips names={granted} label={t('appRoles.user.permissionsOf', { name })} />
        </Line>
      ) : null}
      <Dialog
        open={editing}
        onOpenChange={setEditing}
        title={t('appRoles.user.dialogTitle', { name })}
        description={t('appRoles.user.dialogText')}
        closeLabel={t('common.close')}
        width={560}
      >
        {editing ? <AssignForm projectId={projectId} user={user} onDone={() => setEditing(false)} /> : null}
      </Dialog>
    </Section>
  );
}

function AssignForm({ projectId, user, onDone }: { projectId: string; user: PoolUser; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const roles = useAppRoles(projectId);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(user.roles ?? []));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/projects/{id}/users/{user_id}/roles', {
          params: { path: { id: projectId, user_id: user.id } },
          body: { roles: [...selected] },
        }),
      ),
    onSuccess: async () => {
      toast({ title: t('appRoles.user.saved'), description: user.email, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: poolUserKeys.all(projectId) });
      onDone();
    },
    onError: (failure) => setError(describeError(failure, t)),
  });
  return (
    <FormStack
      noValidate
      aria-label={t('appRoles.user.dialogTitle', { name: user.display_name || user.email })}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {roles.isPending ? (
        <Skeletons count={1} label={t('appRoles.loading')} height={80} />
      ) : roles.isError ? (
        <Alert tone="error">{describeError(roles.error, t)}</Alert>
      ) : roles.data.length === 0 ? (
        <p style={{ margin: 0 }}>{t('appRoles.user.noRolesYet')}</p>
      ) : (
        <Groups>
          <PermissionGroup
            legend={t('appRoles.user.title')}
            selected={selected}
            onToggle={(role, checked) =>
              setSelected((current) => {
                const next = new Set(current);
                if (checked) next.add(role);
                else next.delete(role);
                return next;
              })
            }
            items={roles.data.map((role) => ({
              name: role.name,
              label: role.name,
              hint:
                role.permissions.length > 0 ? role.permissions.join(', ') : t('appRoles.role.noPermissions'),
            }))}
          />
        </Groups>
      )}
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending || !roles.isSuccess}>
          {save.isPending ? t('tenancy.saving') : t('tenancy.save')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
