import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { NameChips } from '../../../components/permissions/NameChips';
import { ManagedEntry } from '../../../components/permissions/ManagedEntry';
import { PermissionButton } from '../../../components/permissions/PermissionButton';
import { Groups, PermissionGroup } from '../../../components/permissions/PermissionChecklist';
import type { Permissions } from '../../../components/permissions/usePermissions';
import { FormActions, FormStack } from '../../../components/tenancy/FormLayout';
import { Muted } from '../../../components/tenancy/PageParts';
import { expectNoContent } from '../../../components/tenancy/queries';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { BorderedList } from '../../../ui/BorderedList';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/Select';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { appNameProblem } from './PermissionsCard';
import { CardHead, TabCard } from './parts';
import { appRoleKeys, useAppPermissions, useAppRoles, type AppRole } from './queries';

type Editing = { role: AppRole | null } | null;

/**
 * "Rollen": the project's roles for its end users, each a bundle of its permissions; one may be
 * the default role new sign-ups get. Roles are assigned to users in "Benutzer".
 */
export function RolesCard({ projectId, permissions }: { projectId: string; permissions: Permissions }) {
  const t = useT();
  const roles = useAppRoles(projectId);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <TabCard aria-labelledby="app-roles-title">
      <CardHead>
        <div>
          <h3 id="app-roles-title">{t('appRoles.roles.title')}</h3>
          <p>{t('appRoles.roles.text')}</p>
        </div>
        <PermissionButton
          type="button"
          permissions={permissions}
          need="app_role:manage"
          onClick={() => setEditing({ role: null })}
        >
          <Plus aria-hidden="true" size={16} />
          {t('appRoles.role.new')}
        </PermissionButton>
      </CardHead>
      {roles.isPending ? (
        <Skeletons count={2} label={t('appRoles.loading')} height={72} />
      ) : roles.isError ? (
        <Alert tone="error">{describeError(roles.error, t)}</Alert>
      ) : (
        <>
          <DefaultRoleSelect projectId={projectId} roles={roles.data} permissions={permissions} />
          {roles.data.length === 0 ? (
            <Muted as="p">{t('appRoles.roles.empty')}</Muted>
          ) : (
            <BorderedList aria-label={t('appRoles.roles.title')}>
              {roles.data.map((role) => (
                <RoleRow
                  key={role.id}
                  projectId={projectId}
                  role={role}
                  permissions={permissions}
                  onEdit={() => setEditing({ role })}
                />
              ))}
            </BorderedList>
          )}
        </>
      )}
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={
          editing?.role
            ? t('appRoles.role.editTitle', { name: editing.role.name })
            : t('appRoles.role.newTitle')
        }
        description={t('appRoles.role.dialogText')}
        closeLabel={t('common.close')}
        width={640}
      >
        {editing ? (
          <RoleForm
            key={editing.role?.id ?? 'new'}
            projectId={projectId}
            role={editing.role}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </TabCard>
  );
}

/** "Standardrolle bei der Registrierung": none, or one of the roles (one write each way). */
function DefaultRoleSelect({
  projectId,
  roles,
  permissions,
}: {
  projectId: string;
  roles: AppRole[];
  permissions: Permissions;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const queryClient = useQueryClient();
  const current = roles.find((role) => role.default);
  const choose = useMutation({
    mutationFn: async (name: string) => {
      const role = roles.find((entry) => entry.name === (name || current?.name));
      if (!role) return;
      unwrap(
        await api.PATCH('/api/v1/projects/{id}/roles/{role_id}', {
          params: { path: { id: projectId, role_id: role.id } },
          body: { default: name !== '' },
        }),
      );
    },
    onSuccess: async (_, name) => {
      toast({
        title: t('appRoles.default.saved'),
        description: name || t('appRoles.default.none'),
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: appRoleKeys.all(projectId) });
    },
    onError: (failure) => fail('tenancy.updateFailed', failure),
  });
  const manage = permissions.can('app_role:manage');
  return (
    <div style={{ maxWidth: 420 }}>
      <SelectField
        label={t('appRoles.default.label')}
        name="default-role"
        value={choose.isPending ? (choose.variables ?? '') : (current?.name ?? '')}
        disabled={!manage || choose.isPending || roles.length === 0}
        onChange={(event) => choose.mutate(event.target.value)}
        options={[
          { value: '', label: t('appRoles.default.none') },
          ...roles.map((role) => ({ value: role.name, label: role.name })),
        ]}
      />
      <Muted as="p" style={{ margin: '4px 0 0', fontSize: '0.85rem' }}>
        {t('appRoles.default.hint')}
      </Muted>
    </div>
  );
}

function RoleRow({
  projectId,
  role,
  permissions,
  onEdit,
}: {
  projectId: string;
  role: AppRole;
  permissions: Permissions;
  onEdit(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: async () =>
      expectNoContent(
        await api.DELETE('/api/v1/projects/{id}/roles/{role_id}', {
          params: { path: { id: projectId, role_id: role.id } },
        }),
      ),
    onSuccess: async () => {
      toast({ title: t('appRoles.role.deleted'), description: role.name, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: appRoleKeys.all(projectId) });
      await queryClient.invalidateQueries({ queryKey: ['pools', projectId, 'users'] });
    },
    onError: (failure) => {
      setConfirming(false);
      fail('tenancy.deleteFailed', failure);
    },
  });
  return (
    <ManagedEntry
      testId="app-role"
      permissions={permissions}
      need="app_role:manage"
      buttons={[
        { label: t('appRoles.editLabel', { name: role.name }), text: t('appRoles.edit'), onClick: onEdit },
        {
          label: t('appRoles.deleteLabel', { name: role.name }),
          text: t('appRoles.delete'),
          onClick: () => setConfirming(true),
        },
      ]}
      confirm={
        confirming
          ? {
              question: t('appRoles.role.confirmDelete', { name: role.name }),
              confirmLabel: t('appRoles.delete'),
              pending: remove.isPending,
              onConfirm: () => remove.mutate(),
              onCancel: () => setConfirming(false),
            }
          : null
      }
    >
      <span style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <code>{role.name}</code>
        {role.default ? <Badge $tone="info">{t('appRoles.default.badge')}</Badge> : null}
      </span>
      {role.description ? <p>{role.description}</p> : null}
      {role.permissions.length > 0 ? (
        <NameChips names={role.permissions} label={t('appRoles.role.permissionsOf', { name: role.name })} />
      ) : (
        <Muted>{t('appRoles.role.noPermissions')}</Muted>
      )}
    </ManagedEntry>
  );
}

/** A role's name, description, permissions (checkboxes of the project's) and default flag. */
function RoleForm({ projectId, role, onDone }: { projectId: string; role: AppRole | null; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const available = useAppPermissions(projectId);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(role?.permissions ?? []));
  const [isDefault, setDefault] = useState(role?.default ?? false);
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name: name.trim(),
        description: description.trim() || null,
        permissions: [...selected],
        default: isDefault,
      };
      if (role)
        return unwrap(
          await api.PATCH('/api/v1/projects/{id}/roles/{role_id}', {
            params: { path: { id: projectId, role_id: role.id } },
            body,
          }),
        );
      return unwrap(
        await api.POST('/api/v1/projects/{id}/roles', { params: { path: { id: projectId } }, body }),
      );
    },
    onSuccess: async (saved) => {
      toast({
        title: t(role ? 'appRoles.saved' : 'appRoles.role.created'),
        description: saved.name,
        variant: 'success',
      });
      await queryClient.invalidateQueries({ queryKey: appRoleKeys.all(projectId) });
      if (role && role.name !== saved.name)
        await queryClient.invalidateQueries({ queryKey: ['pools', projectId, 'users'] });
      onDone();
    },
    onError: (failure) => setError(describeError(failure, t)),
  });

  return (
    <FormStack
      noValidate
      aria-label={t('appRoles.role.form')}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = appNameProblem(name, t);
        setError(problem);
        if (!problem) save.mutate();
      }}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t('appRoles.role.name')}
        name="name"
        placeholder="accountant"
        autoComplete="off"
        spellCheck={false}
        value={name}
        maxLength={64}
        onChange={(event) => setName(event.target.value.toLowerCase())}
      />
      <TextField
        label={t('appRoles.description')}
        name="description"
        autoComplete="off"
        value={description}
        maxLength={500}
        onChange={(event) => setDescription(event.target.value)}
      />
      {available.isPending ? (
        <Skeletons count={1} label={t('appRoles.loading')} height={80} />
      ) : available.isError ? (
        <Alert tone="error">{describeError(available.error, t)}</Alert>
      ) : available.data.length === 0 ? (
        <Muted as="p">{t('appRoles.role.definePermissionsFirst')}</Muted>
      ) : (
        <Groups>
          <PermissionGroup
            legend={t('appRoles.role.permissions')}
            selected={selected}
            onToggle={(permission, checked) =>
              setSelected((current) => {
                const next = new Set(current);
                if (checked) next.add(permission);
                else next.delete(permission);
                return next;
              })
            }
            items={available.data.map((permission) => ({
              name: permission.name,
              label: permission.description || permission.name,
            }))}
          />
        </Groups>
      )}
      <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <input
          type="checkbox"
          name="default"
          checked={isDefault}
          onChange={(event) => setDefault(event.target.checked)}
          style={{ width: 18, height: 18, margin: '2px 0 0', flex: 'none' }}
        />
        <span>{t('appRoles.role.makeDefault')}</span>
      </label>
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('tenancy.saving') : role ? t('tenancy.save') : t('appRoles.role.create')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
