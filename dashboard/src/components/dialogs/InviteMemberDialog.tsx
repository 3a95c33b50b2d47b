import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { useToast } from '../../ui/useToast';
import { FieldRow, FormActions, FormStack } from '../tenancy/FormLayout';
import {
  ROLES,
  useInvalidate,
  useOrganizations,
  type OrganizationMember,
  type Role,
} from '../tenancy/queries';

export interface InviteMemberDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(member: OrganizationMember): void;
  /** Preselects the organization; the list offers only those where the caller is an admin. */
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
 * `chooseOrganization` the caller picks one of the organizations they administer; otherwise
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
    (organization) => organization.role === 'admin' && organization.is_active,
  );
  const [chosenOrganization, setChosenOrganization] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [error, setError] = useState<string | null>(null);

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
    onError: (failure) => {
      const reason = describeError(failure, t);
      setError(reason);
      toast({ title: t('organizations.invite.failed'), description: reason, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !organizationId) {
      setError(t('organizations.invite.required'));
      return;
    }
    setError(null);
    invite.mutate();
  };

  return (
    <FormStack onSubmit={submit} noValidate aria-label={t('organizations.invite.title')}>
      {error ? <Alert tone="error">{error}</Alert> : null}
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
        <SelectField
          label={t('organizations.invite.role')}
          name="role"
          value={role}
          onChange={(event) => setRole(event.target.value as Role)}
          options={ROLES.map((value) => ({ value, label: t(`organizations.role.${value}`) }))}
        />
      </FieldRow>
      <FormActions>
        {onCancel ? (
          <Button type="button" $variant="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? t('organizations.invite.sending') : t('organizations.invite.submit')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
