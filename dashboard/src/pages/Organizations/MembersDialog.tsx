import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { InviteMemberForm } from '../../components/dialogs/InviteMemberDialog';
import { ConfirmInline } from '../../components/tenancy/ConfirmInline';
import { MemberSkills } from '../../components/skills/MemberSkills';
import { MissingPermissionNote, PermissionButton } from '../../components/permissions/PermissionButton';
import { permissionsOf, type Permissions } from '../../components/permissions/usePermissions';
import { MemberRoleSelect } from '../../components/tenancy/MemberRoleSelect';
import { Muted } from '../../components/tenancy/PageParts';
import { useFormatDate } from '../../i18n/format';
import {
  expectNoContent,
  useInvalidate,
  useMembers,
  type Organization,
  type OrganizationMember,
  type Role,
} from '../../components/tenancy/queries';
import { useErrorToast, useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { useSessionStore } from '../../stores/session';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Skeletons } from '../../ui/Skeleton';
import { useToast } from '../../ui/useToast';
import { BorderedList, BorderedListItem } from '../../ui/BorderedList';
import { OrganizationDialog, type OrganizationDialogProps } from './OrganizationDialog';
import { roleLabel } from '../../components/tenancy/roleLabel';

const Person = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  strong,
  span {
    overflow-wrap: anywhere;
  }
`;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  > div:first-child {
    flex: 1 1 140px;
  }
`;

const Section = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h3 {
    margin: 0;
    font-size: 1rem;
  }
`;

/**
 * "Mitglieder": the organization's active members with their roles. Admins invite by e-mail,
 * change roles and remove members (after a confirmation); members only read the list.
 */
export function MembersDialog(props: OrganizationDialogProps) {
  return (
    <OrganizationDialog
      {...props}
      title="organizations.members.title"
      description="organizations.members.description"
    >
      <MembersPanel organization={props.organization} />
    </OrganizationDialog>
  );
}

function MembersPanel({ organization }: { organization: Organization }) {
  const t = useT();
  const members = useMembers(organization.id);
  useErrorToast(members.error, 'organizations.members.loadFailed');
  const permissions = permissionsOf(organization);

  return (
    <>
      {permissions.can('member:invite') ? (
        <Section aria-label={t('organizations.invite.title')}>
          <h3>{t('organizations.invite.title')}</h3>
          <InviteMemberForm defaultOrganizationId={organization.id} />
        </Section>
      ) : (
        <MissingPermissionNote permission="member:invite" />
      )}
      <Section>
        <h3>{t('organizations.members')}</h3>
        {members.isPending ? (
          <Skeletons count={3} label={t('organizations.members.loading')} height={56} />
        ) : members.isError ? (
          <Alert tone="error">{t('tenancy.loadFailed')}</Alert>
        ) : (
          <BorderedList aria-label={t('organizations.members.list')}>
            {members.data.map((member) => (
              <MemberRow
                key={member.id}
                organization={organization}
                member={member}
                permissions={permissions}
              />
            ))}
          </BorderedList>
        )}
      </Section>
    </>
  );
}

function MemberRow({
  organization,
  member,
  permissions,
}: {
  organization: Organization;
  member: OrganizationMember;
  permissions: Permissions;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const formatDate = useFormatDate();
  const currentUserId = useSessionStore((state) => state.session?.user.id);
  const [confirming, setConfirming] = useState(false);
  const name = member.user.display_name || member.user.email;
  // Invited, not yet accepted: no role to change yet; removing it withdraws the invitation.
  const pending = member.status === 'pending';
  // Changing the role needs member:update; removing (or withdrawing an invitation) member:remove.
  const canChangeRole = permissions.can('member:update') && !pending;
  const canManage = canChangeRole || permissions.can('member:remove');

  const changeRole = useMutation({
    mutationFn: async (role: Role) =>
      unwrap(
        await api.PATCH('/api/v1/organizations/{id}/members/{memberId}', {
          params: { path: { id: organization.id, memberId: member.id } },
          body: { role },
        }),
      ),
    onSuccess: async () => {
      toast({ title: t('organizations.members.roleChanged'), description: name, variant: 'success' });
      await invalidate('organizations');
    },
    // e.g. 409 last_admin: the server's message says what to do instead.
    onError: (error) => fail('tenancy.updateFailed', error),
  });

  const remove = useMutation({
    mutationFn: async () =>
      expectNoContent(
        await api.DELETE('/api/v1/organizations/{id}/members/{memberId}', {
          params: { path: { id: organization.id, memberId: member.id } },
        }),
      ),
    onSuccess: async () => {
      toast({
        title: t(pending ? 'organizations.members.withdrawn' : 'organizations.members.removed'),
        description: name,
        variant: 'success',
      });
      await invalidate('organizations');
    },
    onError: (error) => {
      setConfirming(false);
      fail('tenancy.deleteFailed', error);
    },
  });

  return (
    <BorderedListItem data-testid="member-row">
      <Person>
        <div style={{ minWidth: 0 }}>
          <strong>
            {name} {member.user_id === currentUserId ? t('organizations.members.you') : null}
          </strong>
          <br />
          <Muted>{member.user.email}</Muted>
          <br />
          <Muted>
            {t(pending ? 'organizations.members.invited' : 'organizations.members.joined', {
              date: formatDate(member.joined_at),
            })}
          </Muted>
        </div>
        {pending ? <Badge $tone="warning">{t('organizations.members.pending')}</Badge> : null}
        {canChangeRole || pending ? null : (
          <Badge $tone={member.role === 'admin' ? 'info' : 'neutral'}>{roleLabel(t, member.role)}</Badge>
        )}
      </Person>
      <MemberSkills organization={organization} member={member} name={name} />
      {canManage ? (
        confirming ? (
          <ConfirmInline
            question={t(
              pending ? 'organizations.members.confirmWithdraw' : 'organizations.members.confirmRemove',
              {
                name,
              },
            )}
            confirmLabel={t(pending ? 'organizations.members.withdraw' : 'organizations.members.remove')}
            pending={remove.isPending}
            onConfirm={() => remove.mutate()}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <Controls>
            {canChangeRole ? (
              <MemberRoleSelect
                organizationId={organization.id}
                label={t('organizations.members.roleOf', { name })}
                value={changeRole.isPending && changeRole.variables ? changeRole.variables : member.role}
                disabled={changeRole.isPending}
                onRoleChange={(role) => changeRole.mutate(role)}
              />
            ) : null}
            <PermissionButton
              type="button"
              $variant="secondary"
              permissions={permissions}
              need="member:remove"
              aria-label={t(
                pending ? 'organizations.members.withdrawLabel' : 'organizations.members.removeLabel',
                {
                  name,
                },
              )}
              onClick={() => setConfirming(true)}
            >
              {t(pending ? 'organizations.members.withdraw' : 'organizations.members.remove')}
            </PermissionButton>
          </Controls>
        )
      ) : null}
    </BorderedListItem>
  );
}
