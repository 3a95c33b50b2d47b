import { MissingPermissionNote } from '../../components/permissions/PermissionButton';
import { holds } from '../../components/permissions/usePermissions';
import { normalizeWebsite } from '@iam-platform/common';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { ConfirmInline, DangerButton } from '../../components/tenancy/ConfirmInline';
import { FormActions, FormStack } from '../../components/tenancy/FormLayout';
import {
  missingOrganizationValues,
  OrganizationErrors,
  OrganizationFields,
  useOrganizationValues,
} from '../../components/tenancy/OrganizationFields';
import { useInvalidate, type Organization } from '../../components/tenancy/queries';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/useToast';
import { OrganizationDialog, type OrganizationDialogProps } from './OrganizationDialog';
import { TwoFactorPolicy } from './TwoFactorPolicy';
import { SettingsWithWebhooks } from './webhooks/SettingsTabs';

const Fieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const StatusSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: 1rem;
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
  }
`;

/** "Einstellungen": edit name, slug, description, website and member limit; (de)activate. */
export function OrganizationSettingsDialog(props: OrganizationDialogProps) {
  return (
    <OrganizationDialog
      {...props}
      title="organizations.settings.title"
      description="organizations.settings.description"
    >
      <SettingsWithWebhooks organization={props.organization}>
        <SettingsForm organization={props.organization} onDone={() => props.onOpenChange(false)} />
      </SettingsWithWebhooks>
    </OrganizationDialog>
  );
}

function SettingsForm({ organization, onDone }: { organization: Organization; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  // Editing needs organization:update, deactivating organization:deactivate (admins).
  const isAdmin = holds(organization, 'organization:update');
  const canDeactivate = holds(organization, 'organization:deactivate');
  const [values, setValue] = useOrganizationValues(organization);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);

  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH('/api/v1/organizations/{id}', {
          params: { path: { id: organization.id } },
          body: {
            name: values.name.trim(),
            slug: values.slug.trim(),
            description: values.description.trim() || null,
            website_url: normalizeWebsite(values.website) || undefined,
            max_members: Number(values.maxMembers),
          },
        }),
      ),
    onSuccess: async (updated) => {
      toast({ title: t('organizations.settings.saved'), description: updated.name, variant: 'success' });
      await invalidate('organizations');
      onDone();
    },
    onError: (error) => {
      setErrors([describeError(error, t)]);
      fail('tenancy.updateFailed', error);
    },
  });

  const setActive = useMutation({
    mutationFn: async (active: boolean) =>
      unwrap(
        await api.POST(
          active ? '/api/v1/organizations/{id}/activate' : '/api/v1/organizations/{id}/deactivate',
          { params: { path: { id: organization.id } } },
        ),
      ),
    onSuccess: async (updated) => {
      setConfirmingDeactivate(false);
      toast({
        title: updated.is_active
          ? t('organizations.settings.activated')
          : t('organizations.settings.deactivated'),
        description: updated.name,
        variant: 'success',
      });
      await invalidate('organizations', 'projects', 'applications');
    },
    onError: (error) => {
      setConfirmingDeactivate(false);
      fail('tenancy.updateFailed', error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = missingOrganizationValues(values);
    const limit = Number(values.maxMembers);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
      problems.push('organizations.settings.maxMembersInvalid');
    setErrors(problems.map((problem) => t(problem)));
    if (problems.length === 0) save.mutate();
  };

  return (
    <>
      <FormStack onSubmit={submit} noValidate aria-label={t('organizations.settings')}>
        {isAdmin ? null : <MissingPermissionNote permission="organization:update" />}
        <OrganizationErrors errors={errors} />
        <Fieldset disabled={!isAdmin}>
          <OrganizationFields values={values} onChange={setValue} withMaxMembers />
        </Fieldset>
        {isAdmin ? (
          <FormActions>
            <Button type="button" $variant="secondary" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('tenancy.saving') : t('tenancy.save')}
            </Button>
          </FormActions>
        ) : null}
      </FormStack>
      <TwoFactorPolicy organization={organization} />
      <StatusSection aria-label={t('organizations.settings.status')}>
        <h3>
          {t('organizations.settings.status')}
          <Badge $tone={organization.is_active ? 'success' : 'muted'}>
            {organization.is_active ? t('tenancy.status.active') : t('tenancy.status.inactive')}
          </Badge>
        </h3>
        {!canDeactivate ? null : confirmingDeactivate ? (
          <ConfirmInline
            question={t('organizations.settings.confirmDeactivate')}
            confirmLabel={t('organizations.settings.deactivate')}
            pending={setActive.isPending}
            onConfirm={() => setActive.mutate(false)}
            onCancel={() => setConfirmingDeactivate(false)}
          />
        ) : organization.is_active ? (
          <div>
            <DangerButton type="button" onClick={() => setConfirmingDeactivate(true)}>
              {t('organizations.settings.deactivate')}
            </DangerButton>
          </div>
        ) : (
          <div>
            <Button type="button" onClick={() => setActive.mutate(true)} disabled={setActive.isPending}>
              {t('organizations.settings.activate')}
            </Button>
          </div>
        )}
      </StatusSection>
    </>
  );
}
