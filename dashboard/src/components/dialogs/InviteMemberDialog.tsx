import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { useToast } from '../../ui/useToast';
import { EntityForm, useFormError } from '../tenancy/EntityForm';
import { FieldRow } from '../tenancy/FormLayout';
import { MemberRoleSelect } from '../tenancy/MemberRoleSelect';
import { holds } from '../permissions/usePermissions';
import { useInvalidate, useOrganizations, type OrganizationMember, type Role } from '../tenancy/queries';

export interface InviteMemberDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(member: OrganizationMember): void;
  /** Preselects the organization; the list offers only those where the caller may invite (member:invite). */
  defaultOrganizationId?: string;
}

/** "Mitglied einladen" from anywhere (dashboard quick action): organization, e-mail and role. */
export function InviteMemberDialog({
  open,
  onOpenChange,
  onCreated,
  defaultOrganizationId,
}: InviteMemberDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('organizations.invite.title')}
      description={t('organizations.invite.description')}
      closeLabel={t('common.close')}
    >
      <InviteMemberForm
        defaultOrganizationId={defaultOrganizationId}
        chooseOrganization
        onCancel={() => onOpenChange(false)}
        onInvited={(member) => {
          onOpenChange(false);
          onCreated?.(member);
        }}
      />
    </Dialog>
  );
}

/**
 * Invites a registered user by e-mail (SPEC §5: they must already have a profile). With
 * `chooseOrganization` the caller picks one of the organizations where their role may invite; otherwise
 * `defaultOrganizationId` is the organization.
 */
export function InviteMemberForm({
  defaultOrganizationId,
  chooseOrganization = false,
  onCancel,
  onInvited,
}: {
  defaultOrganizationId?: string;
  chooseOrganization?: boolean;
  onCancel?(): void;
  onInvited?(member: OrganizationMember): void;
}) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidate();
  const organizations = useOrganizations();
  const administered = (organizations.data ?? []).filter(
    (organization) => holds(organization, 'member:invite') && organization.is_active,
  );
  const [chosenOrganization, setChosenOrganization] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const { error, setError, onFailure } = useFormError('organizations.invite.failed');

  const organizationId = chooseOrganization
    ? (chosenOrganization ??
      (administered.some((organization) => organization.id === defaultOrganizationId)
        ? defaultOrganizationId!
        : administered.length === 1
          ? (administered[0]?.id ?? '')
          : ''))
    : (defaultOrganizationId ?? '');

  const invite = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/organizations/{id}/members', {
          params: { path: { id: organizationId } },
          body: { email: email.trim(), role },
        }),
      ),
    onSuccess: async (member) => {
      toast({
        title: t('organizations.invite.done'),
        description: t('organizations.invite.doneText', { email: member.user.email }),
        variant: 'success',
      });
      setEmail('');
      setRole('member');
      setError(null);
      await invalidate('organizations');
      onInvited?.(member);
    },
    // SPEC §8: the server's English message ("User with this email not found. …") is the description.
    onError: onFailure,
  });

  const submit = () => {
    if (invite.isPending) return;
    if (!email.trim() || !organizationId) {
      setError(t('organizations.invite.required'));
      return;
    }
    setError(null);
    invite.mutate();
  };

  return (
    <EntityForm
      label={t('organizations.invite.title')}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
      action={{ idle: t('organizations.invite.submit'), pending: t('organizations.invite.sending') }}
      pending={invite.isPending}
      // A disabled button drops its focus to <body> — out of the dialog, where Escape and Tab no
      // longer reach it (issue #36). The button stays enabled; a second submit is ignored above.
      disabled={false}
    >
      {chooseOrganization ? (
        <>
          <SelectField
            label={t('organizations.invite.organization')}
            name="organization"
            value={organizationId}
            onChange={(event) => setChosenOrganization(event.target.value)}
            placeholder={organizations.isPending ? t('common.loading') : t('tenancy.choose')}
            options={administered.map((organization) => ({
              value: organization.id,
              label: organization.name,
            }))}
            required
          />
          {organizations.isSuccess && administered.length === 0 ? (
            <Alert tone="error">{t('organizations.invite.noAdminOrganization')}</Alert>
          ) : null}
        </>
      ) : null}
      <FieldRow>
        <TextField
          label={t('organizations.invite.email')}
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <MemberRoleSelect
          organizationId={organizationId}
          label={t('organizations.invite.role')}
          name="role"
          value={role}
          onRoleChange={setRole}
        />
      </FieldRow>
    </EntityForm>
  );
}
