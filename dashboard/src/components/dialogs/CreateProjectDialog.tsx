import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/Select';
import { useToast } from '../../ui/useToast';
import { CopyButton } from '../tenancy/CopyButton';
import { EntityForm, useFormError } from '../tenancy/EntityForm';
import { FormActions } from '../tenancy/FormLayout';
import { ProjectFields, type ProjectFieldValues } from '../tenancy/ProjectFields';
import { holds } from '../permissions/usePermissions';
import { useInvalidate, useOrganizations, type CreatedProject } from '../tenancy/queries';
import { SecretBox } from '../tenancy/SecretBox';
import { useDerivedSlug } from '../tenancy/slug';
import { useFieldValues } from '../tenancy/useFieldValues';

const CreatedView = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

export interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(project: CreatedProject): void;
  /** Preselects the organization (e.g. the filter of the projects page). */
  defaultOrganizationId?: string;
}

/**
 * "Neues Projekt": name (fills the slug), slug, organization, environment, repository URL and
 * description. After creation the dialog shows the project's API key once, with a copy button.
 */
export function CreateProjectDialog({
  open,
  onOpenChange,
  onCreated,
  defaultOrganizationId,
}: CreateProjectDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('projects.create.title')}
      description={t('projects.create.description')}
      closeLabel={t('common.close')}
    >
      <CreateProjectForm
        defaultOrganizationId={defaultOrganizationId}
        onClose={() => onOpenChange(false)}
        onCreated={onCreated}
      />
    </Dialog>
  );
}

function CreateProjectForm({
  defaultOrganizationId,
  onClose,
  onCreated,
}: {
  defaultOrganizationId?: string;
  onClose(): void;
  onCreated?(project: CreatedProject): void;
}) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidate();
  const organizations = useOrganizations();
  // Only organizations where the caller's role may create projects (project:create).
  const activeOrganizations = (organizations.data ?? []).filter(
    (organization) => organization.is_active && holds(organization, 'project:create'),
  );
  const [values, change] = useFieldValues<ProjectFieldValues>({
    name: '',
    environment: 'development',
    repositoryUrl: '',
    description: '',
  });
  const { name, environment, repositoryUrl, description } = values;
  const [shownSlug, setSlug] = useDerivedSlug(name);
  const [chosenOrganization, setChosenOrganization] = useState<string | null>(null);
  const { error, setError, onFailure } = useFormError('projects.createFailed');
  const [created, setCreated] = useState<CreatedProject | null>(null);

  // With a single organization there is nothing to choose.
  const organizationId =
    chosenOrganization ??
    (activeOrganizations.some((organization) => organization.id === defaultOrganizationId)
      ? defaultOrganizationId!
      : activeOrganizations.length === 1
        ? (activeOrganizations[0]?.id ?? '')
        : '');

  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/projects', {
          body: {
            name: name.trim(),
            slug: shownSlug.trim(),
            organization_id: organizationId,
            environment,
            ...(repositoryUrl.trim() ? { repository_url: repositoryUrl.trim() } : {}),
            ...(description.trim() ? { description: description.trim() } : {}),
          },
        }),
      ),
    onSuccess: async (project) => {
      toast({ title: t('projects.created'), description: project.name, variant: 'success' });
      setCreated(project);
      await invalidate('projects');
      onCreated?.(project);
    },
    onError: onFailure,
  });

  if (created) {
    return (
      <CreatedView>
        <Alert tone="success">{t('projects.apiKey.notice', { name: created.name })}</Alert>
        <strong>{t('projects.apiKey.label')}</strong>
        <SecretBox data-testid="project-api-key">{created.api_key}</SecretBox>
        <FormActions>
          <CopyButton value={created.api_key} label={t('projects.apiKey.copy')} />
          <Button type="button" onClick={onClose}>
            {t('tenancy.done')}
          </Button>
        </FormActions>
      </CreatedView>
    );
  }

  const submit = () => {
    if (!name.trim() || !shownSlug.trim() || !organizationId) {
      setError(t('projects.requiredFields'));
      return;
    }
    setError(null);
    create.mutate();
  };

  return (
    <EntityForm
      label={t('projects.create.title')}
      error={error}
      onSubmit={submit}
      onCancel={onClose}
      action="create"
      pending={create.isPending}
    >
      <ProjectFields
        values={values}
        onChange={change}
        form={{
          kind: 'create',
          slug: shownSlug,
          onSlugChange: setSlug,
          organizationField: (
            <SelectField
              label={t('projects.field.organization')}
              name="organization"
              value={organizationId}
              onChange={(event) => setChosenOrganization(event.target.value)}
              placeholder={organizations.isPending ? t('common.loading') : t('tenancy.choose')}
              options={activeOrganizations.map((organization) => ({
                value: organization.id,
                label: organization.name,
              }))}
              required
            />
          ),
          notice:
            organizations.isSuccess && activeOrganizations.length === 0 ? (
              <Alert tone="error">{t('projects.noOrganization')}</Alert>
            ) : null,
        }}
      />
    </EntityForm>
  );
}
