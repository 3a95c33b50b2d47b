import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { usePermissionCatalog } from '../../../components/permissions/catalog';
import type { OrganizationRole } from '../../../components/permissions/organizationRoles';
import { Groups, PermissionGroup } from '../../../components/permissions/PermissionChecklist';
import type { PermissionName, Permissions } from '../../../components/permissions/usePermissions';
import { FormActions, FormStack } from '../../../components/tenancy/FormLayout';
import { roleLabel } from '../../../components/tenancy/roleLabel';
import { useInvalidate } from '../../../components/tenancy/queries';
import { useT } from '../../../i18n/useT';
import { useUiStore } from '../../../stores/ui';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { Skeletons } from '../../../ui/Skeleton';
import { TextareaField } from '../../../ui/Textarea';
import { useToast } from '../../../ui/useToast';

const NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u;

/** What is wrong with a custom role's name before it is sent (the server checks the same). */
function nameProblem(name: string, t: ReturnType<typeof useT>): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t('roles.error.nameRequired');
  if (trimmed.length > 50) return t('roles.error.nameTooLong');
  if (!NAME_PATTERN.test(trimmed)) return t('roles.error.namePattern');
  if (['admin', 'member'].includes(trimmed.toLowerCase())) return t('roles.error.nameReserved');
  return null;
}

/**
 * Creates or edits a custom role of an organization: a name, a description and permissions from
 * the catalog, one group per resource. A built-in role (or any role for a caller without
 * `role:manage`) is shown read-only. Nobody hands out more than they hold: permissions the
 * caller's own role lacks cannot be ticked (the server would refuse them).
 */
export function RoleEditor({
  organizationId,
  permissions,
  role,
  open,
  onOpenChange,
}: {
  organizationId: string;
  permissions: Permissions;
  /** The role to show or edit; null: a new role. */
  role: OrganizationRole | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  const title = role
    ? role.built_in || !permissions.can('role:manage')
      ? t('roles.editor.viewTitle', { name: roleLabel(t, role.name) })
      : t('roles.editor.editTitle', { name: role.name })
    : t('roles.editor.newTitle');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={t('roles.editor.description')}
      closeLabel={t('common.close')}
      width={820}
    >
      {open ? (
        <RoleForm
          key={role?.id ?? role?.name ?? 'new'}
          organizationId={organizationId}
          permissions={permissions}
          role={role}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Dialog>
  );
}

function RoleForm({
  organizationId,
  permissions,
  role,
  onDone,
}: {
  organizationId: string;
  permissions: Permissions;
  role: OrganizationRole | null;
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidate();
  const locale = useUiStore((state) => state.locale);
  const catalog = usePermissionCatalog();
  const readOnly = Boolean(role?.built_in) || !permissions.can('role:manage');
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(role?.permissions ?? []));
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const body = {
        name: name.trim(),
        description: description.trim() || null,
        permissions: [...selected] as PermissionName[],
      };
      if (role?.id)
        return unwrap(
          await api.PATCH('/api/v1/organizations/{id}/roles/{role_id}', {
            params: { path: { id: organizationId, role_id: role.id } },
            body,
          }),
        );
      return unwrap(
        await api.POST('/api/v1/organizations/{id}/roles', {
          params: { path: { id: organizationId } },
          body,
        }),
      );
    },
    onSuccess: async (saved) => {
      toast({
        title: t(role ? 'roles.saved' : 'roles.created'),
        description: saved.name,
        variant: 'success',
      });
      await invalidate('organizations');
      onDone();
    },
    onError: (failure) => setError(describeError(failure, t)),
  });

  const toggle = (permission: string, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(permission);
      else next.delete(permission);
      return next;
    });

  const submit = () => {
    const problem = nameProblem(name, t);
    setError(problem);
    if (!problem) save.mutate();
  };

  const total = catalog.data?.resources.reduce((sum, resource) => sum + resource.actions.length, 0) ?? 0;

  return (
    <FormStack
      noValidate
      aria-label={t('roles.editor.form')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!readOnly) submit();
      }}
    >
      {error ? <Alert tone="error">{error}</Alert> : null}
      {role?.built_in ? null : (
        <>
          <TextField
            label={t('roles.editor.name')}
            name="name"
            value={name}
            maxLength={50}
            autoComplete="off"
            readOnly={readOnly}
            onChange={(event) => setName(event.target.value)}
            required
          />
          <TextareaField
            label={t('roles.editor.roleDescription')}
            name="description"
            value={description}
            maxLength={500}
            rows={2}
            readOnly={readOnly}
            onChange={(event) => setDescription(event.target.value)}
          />
        </>
      )}
      <p style={{ margin: 0 }} aria-live="polite">
        <strong>{t('roles.editor.permissions')}</strong>{' '}
        {total ? t('roles.permissionCount', { count: String(selected.size), total: String(total) }) : null}
      </p>
      {catalog.isPending ? (
        <Skeletons count={4} label={t('roles.catalogLoading')} height={120} />
      ) : catalog.isError ? (
        <Alert tone="error">{describeError(catalog.error, t)}</Alert>
      ) : (
        <Groups>
          {catalog.data.resources.map((resource) => (
            <PermissionGroup
              key={resource.resource}
              legend={resource.label[locale]}
              readOnly={readOnly}
              selected={selected}
              onToggle={toggle}
              items={resource.actions.map((action) => {
                // Nobody grants more than they hold: the caller's own permissions only.
                const own = permissions.can(action.name);
                return {
                  name: action.name,
                  label: action.label[locale],
                  disabled: !own,
                  hint: !own && !readOnly ? t('roles.editor.notYours') : undefined,
                };
              })}
            />
          ))}
        </Groups>
      )}
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onDone}>
          {readOnly ? t('common.close') : t('common.cancel')}
        </Button>
        {readOnly ? null : (
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('tenancy.saving') : role ? t('tenancy.save') : t('roles.create')}
          </Button>
        )}
      </FormActions>
    </FormStack>
  );
}
