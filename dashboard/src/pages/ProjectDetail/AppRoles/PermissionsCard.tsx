import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { ManagedEntry } from '../../../components/permissions/ManagedEntry';
import type { Permissions } from '../../../components/permissions/usePermissions';
import { FormActions, FormStack } from '../../../components/tenancy/FormLayout';
import { Muted } from '../../../components/tenancy/PageParts';
import { expectNoContent } from '../../../components/tenancy/queries';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { BorderedList } from '../../../ui/BorderedList';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { AddRow, CardHead, TabCard } from './parts';
import { APP_NAME_PATTERN, appRoleKeys, useAppPermissions, type AppPermission } from './queries';

/** What is wrong with a permission's or role's name before it is sent (the server checks the same). */
export function appNameProblem(name: string, t: ReturnType<typeof useT>): string | null {
  if (!name.trim()) return t('appRoles.error.nameRequired');
  if (!APP_NAME_PATTERN.test(name.trim())) return t('appRoles.error.namePattern');
  return null;
}

/**
 * "Berechtigungen": the permissions the project defines for its applications (`invoice:read`),
 * added with a name and an optional description; renaming follows into every role, deleting
 * takes the permission out of every role.
 */
export function PermissionsCard({ projectId, permissions }: { projectId: string; permissions: Permissions }) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useAppPermissions(projectId);
  const canManage = permissions.can('app_role:manage');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<AppPermission | null>(null);

  const add = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/projects/{id}/permissions', {
          params: { path: { id: projectId } },
          body: { name: name.trim(), description: description.trim() || null },
        }),
      ),
    onSuccess: async (created) => {
      toast({ title: t('appRoles.permission.added'), description: created.name, variant: 'success' });
      setName('');
      setDescription('');
      setError(null);
      await queryClient.invalidateQueries({ queryKey: appRoleKeys.all(projectId) });
    },
    onError: (failure) => setError(describeError(failure, t)),
  });

  const submit = () => {
    const problem = appNameProblem(name, t);
    setError(problem);
    if (!problem) add.mutate();
  };

  return (
    <TabCard aria-labelledby="app-permissions-title">
      <CardHead>
        <div>
          <h3 id="app-permissions-title">{t('appRoles.permissions.title')}</h3>
          <p>{t('appRoles.permissions.text')}</p>
        </div>
      </CardHead>
      {canManage ? (
        <FormStack
          noValidate
          aria-label={t('appRoles.permission.add')}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
          <AddRow>
            <TextField
              label={t('appRoles.permission.name')}
              name="permission-name"
              placeholder="invoice:read"
              autoComplete="off"
              spellCheck={false}
              value={name}
              maxLength={64}
              onChange={(event) => setName(event.target.value.toLowerCase())}
            />
            <TextField
              label={t('appRoles.description')}
              name="permission-description"
              autoComplete="off"
              value={description}
              maxLength={500}
              onChange={(event) => setDescription(event.target.value)}
            />
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? t('appRoles.adding') : t('appRoles.permission.add')}
            </Button>
          </AddRow>
        </FormStack>
      ) : null}
      {list.isPending ? (
        <Skeletons count={2} label={t('appRoles.loading')} height={56} />
      ) : list.isError ? (
        <Alert tone="error">{describeError(list.error, t)}</Alert>
      ) : list.data.length === 0 ? (
        <Muted as="p">{t(canManage ? 'appRoles.permissions.empty' : 'appRoles.permissions.none')}</Muted>
      ) : (
        <BorderedList aria-label={t('appRoles.permissions.title')}>
          {list.data.map((permission) => (
            <PermissionRow
              key={permission.id}
              projectId={projectId}
              permission={permission}
              permissions={permissions}
              onEdit={() => setEditing(permission)}
            />
          ))}
        </BorderedList>
      )}
      <PermissionDialog projectId={projectId} permission={editing} onClose={() => setEditing(null)} />
    </TabCard>
  );
}

function PermissionRow({
  projectId,
  permission,
  permissions,
  onEdit,
}: {
  projectId: string;
  permission: AppPermission;
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
        await api.DELETE('/api/v1/projects/{id}/permissions/{permission_id}', {
          params: { path: { id: projectId, permission_id: permission.id } },
        }),
      ),
    onSuccess: async () => {
      toast({ title: t('appRoles.permission.deleted'), description: permission.name, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: appRoleKeys.all(projectId) });
    },
    onError: (failure) => {
      setConfirming(false);
      fail('tenancy.deleteFailed', failure);
    },
  });
  return (
    <ManagedEntry
      testId="app-permission"
      permissions={permissions}
      need="app_role:manage"
      buttons={[
        {
          label: t('appRoles.editLabel', { name: permission.name }),
          text: t('appRoles.edit'),
          onClick: onEdit,
        },
        {
          label: t('appRoles.deleteLabel', { name: permission.name }),
          text: t('appRoles.delete'),
          onClick: () => setConfirming(true),
        },
      ]}
      confirm={
        confirming
          ? {
              question: t('appRoles.permission.confirmDelete', { name: permission.name }),
              confirmLabel: t('appRoles.delete'),
              pending: remove.isPending,
              onConfirm: () => remove.mutate(),
              onCancel: () => setConfirming(false),
            }
          : null
      }
    >
      <code>{permission.name}</code>
      {permission.description ? <p>{permission.description}</p> : null}
      <Muted>
        {t(permission.role_count === 1 ? 'appRoles.inRolesOne' : 'appRoles.inRoles', {
          count: String(permission.role_count),
        })}
      </Muted>
    </ManagedEntry>
  );
}

/** Renames a permission or changes its description (a rename follows into every role). */
function PermissionDialog({
  projectId,
  permission,
  onClose,
}: {
  projectId: string;
  permission: AppPermission | null;
  onClose(): void;
}) {
  const t = useT();
  return (
    <Dialog
      open={permission !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('appRoles.permission.editTitle', { name: permission?.name ?? '' })}
      description={t('appRoles.permission.editText')}
      closeLabel={t('common.close')}
    >
      {permission ? (
        <PermissionForm key={permission.id} projectId={projectId} permission={permission} onDone={onClose} />
      ) : null}
    </Dialog>
  );
}

function PermissionForm({
  projectId,
  permission,
  onDone,
}: {
  projectId: string;
  permission: AppPermission;
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [name, setName] = useState(permission.name);
  const [description, setDescription] = useState(permission.description ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH('/api/v1/projects/{id}/permissions/{permission_id}', {
          params: { path: { id: projectId, permission_id: permission.id } },
          body: { name: name.trim(), description: description.trim() || null },
        }),
      ),
    onSuccess: async (saved) => {
      toast({ title: t('appRoles.saved'), description: saved.name, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: appRoleKeys.all(projectId) });
      onDone();
    },
    onError: (failure) => setError(describeError(failure, t)),
  });
  return (
    <FormStack
      noValidate
      aria-label={t('appRoles.permission.editTitle', { name: permission.name })}
      onSubmit={(event) => {
        event.preventDefault();
        const problem = appNameProblem(name, t);
        setError(problem);
        if (!problem) save.mutate();
      }}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t('appRoles.permission.name')}
        name="name"
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
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('tenancy.saving') : t('tenancy.save')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
