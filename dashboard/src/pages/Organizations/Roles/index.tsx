import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { api } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { usePermissionCatalog } from '../../../components/permissions/catalog';
import { EntryButtons, EntryRow } from '../../../components/permissions/ManagedEntry';
import {
  useOrganizationRoles,
  type OrganizationRole,
} from '../../../components/permissions/organizationRoles';
import { MissingPermissionNote, PermissionButton } from '../../../components/permissions/PermissionButton';
import { usePermissions, type Permissions } from '../../../components/permissions/usePermissions';
import { ConfirmInline } from '../../../components/tenancy/ConfirmInline';
import { NotFoundNotice } from '../../../components/tenancy/NotFoundNotice';
import { BackLinkRow, Muted, PageHeader } from '../../../components/tenancy/PageParts';
import { expectNoContent, useInvalidate, useOrganizations } from '../../../components/tenancy/queries';
import { roleLabel } from '../../../components/tenancy/roleLabel';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { PageLoading } from '../../../layout/PageLoading';
import { Alert } from '../../../ui/Alert';
import { Badge } from '../../../ui/Badge';
import { BorderedList, BorderedListItem } from '../../../ui/BorderedList';
import { Button } from '../../../ui/Button';
import { Skeletons } from '../../../ui/Skeleton';
import { useToast } from '../../../ui/useToast';
import { RoleEditor } from './RoleEditor';

/** ManagedEntry's row, with the role's name and badge as a heading. */
const Row = styled(EntryRow)`
  h2 {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(2)};
    margin: 0;
    font-size: 1.05rem;
  }
`;

type Editing = { role: OrganizationRole | null } | null;

/**
 * `/organizations/{id}/roles` (issue #33): the organization's roles — the built-in `admin` and
 * `member` (fixed) and custom roles composed from the permission catalog. Those holding
 * `role:manage` create, edit and delete custom roles; everyone holding `role:read` reads them.
 * Members get a role when invited and in the members list.
 */
export default function OrganizationRoles() {
  const t = useT();
  const { organizationId = '' } = useParams();
  const organizations = useOrganizations();
  const permissions = usePermissions(organizationId);
  const organization = organizations.data?.find((entry) => entry.id === organizationId);
  const [editing, setEditing] = useState<Editing>(null);

  if (organizations.isPending) return <PageLoading />;
  if (organizations.isError) return <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  if (!organization)
    return (
      <NotFoundNotice
        title={t('roles.notFound')}
        text={t('roles.notFoundText')}
        backTo="/organizations"
        backLabel={t('roles.backToOrganizations')}
      />
    );

  return (
    <>
      <PageHeader
        before={
          <BackLinkRow>
            <Link to="/organizations">
              <ArrowLeft aria-hidden="true" size={16} />
              {t('roles.backToOrganizations')}
            </Link>
          </BackLinkRow>
        }
        title={t('roles.title', { organization: organization.name })}
        intro={t('roles.intro')}
        actions={
          permissions.can('role:read') ? (
            <PermissionButton
              type="button"
              permissions={permissions}
              need="role:manage"
              onClick={() => setEditing({ role: null })}
            >
              <Plus aria-hidden="true" size={16} />
              {t('roles.new')}
            </PermissionButton>
          ) : null
        }
      />
      {permissions.can('role:read') ? (
        <RoleList
          organizationId={organizationId}
          permissions={permissions}
          onOpen={(role) => setEditing({ role })}
        />
      ) : (
        <MissingPermissionNote permission="role:read" />
      )}
      <RoleEditor
        organizationId={organizationId}
        permissions={permissions}
        role={editing?.role ?? null}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
    </>
  );
}

function RoleList({
  organizationId,
  permissions,
  onOpen,
}: {
  organizationId: string;
  permissions: Permissions;
  onOpen(role: OrganizationRole): void;
}) {
  const t = useT();
  const roles = useOrganizationRoles(organizationId);
  const catalog = usePermissionCatalog();
  const total = catalog.data?.resources.reduce((sum, resource) => sum + resource.actions.length, 0);

  if (roles.isPending) return <Skeletons count={3} label={t('roles.loading')} height={88} />;
  if (roles.isError) return <Alert tone="error">{describeError(roles.error, t)}</Alert>;
  const custom = roles.data.filter((role) => !role.built_in).length;
  return (
    <>
      <BorderedList aria-label={t('roles.list')}>
        {roles.data.map((role) => (
          <RoleRow
            key={role.id ?? role.name}
            organizationId={organizationId}
            role={role}
            total={total}
            permissions={permissions}
            onOpen={() => onOpen(role)}
          />
        ))}
      </BorderedList>
      {custom === 0 ? (
        <Muted as="p" style={{ marginTop: 12 }}>
          {t('roles.noCustom')}
        </Muted>
      ) : null}
    </>
  );
}

function RoleRow({
  organizationId,
  role,
  total,
  permissions,
  onOpen,
}: {
  organizationId: string;
  role: OrganizationRole;
  total: number | undefined;
  permissions: Permissions;
  onOpen(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const [confirming, setConfirming] = useState(false);
  const name = roleLabel(t, role.name);
  const editable = !role.built_in && permissions.can('role:manage');

  const remove = useMutation({
    mutationFn: async () =>
      expectNoContent(
        await api.DELETE('/api/v1/organizations/{id}/roles/{role_id}', {
          params: { path: { id: organizationId, role_id: role.id ?? '' } },
        }),
      ),
    onSuccess: async () => {
      toast({ title: t('roles.deleted'), description: role.name, variant: 'success' });
      await invalidate('organizations');
    },
    // 409 role_in_use: members still hold it.
    onError: (error) => {
      setConfirming(false);
      fail('tenancy.deleteFailed', error);
    },
  });

  return (
    <BorderedListItem data-testid="role-row">
      <Row>
        <div>
          <h2>
            {name}
            {role.built_in ? <Badge $tone="muted">{t('roles.builtIn')}</Badge> : null}
          </h2>
          {role.description || role.built_in ? (
            <p>{role.description ?? t(role.name === 'admin' ? 'roles.adminText' : 'roles.memberText')}</p>
          ) : null}
          <Muted>
            {t(role.member_count === 1 ? 'roles.memberCountOne' : 'roles.memberCount', {
              count: String(role.member_count),
            })}
            {' · '}
            {total
              ? t('roles.permissionCount', { count: String(role.permissions.length), total: String(total) })
              : t('roles.permissionCountShort', { count: String(role.permissions.length) })}
          </Muted>
        </div>
        {confirming ? null : (
          <EntryButtons>
            <Button
              type="button"
              $variant="secondary"
              aria-label={t(editable ? 'roles.editLabel' : 'roles.viewLabel', { name })}
              onClick={onOpen}
            >
              {t(editable ? 'roles.edit' : 'roles.view')}
            </Button>
            {role.built_in ? null : (
              <PermissionButton
                type="button"
                $variant="secondary"
                permissions={permissions}
                need="role:manage"
                aria-label={t('roles.deleteLabel', { name })}
                onClick={() => setConfirming(true)}
              >
                {t('roles.delete')}
              </PermissionButton>
            )}
          </EntryButtons>
        )}
      </Row>
      {confirming ? (
        <ConfirmInline
          question={t('roles.confirmDelete', { name })}
          confirmLabel={t('roles.delete')}
          pending={remove.isPending}
          onConfirm={() => remove.mutate()}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </BorderedListItem>
  );
}
