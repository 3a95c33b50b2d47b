import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';
import { CopyButton } from '../tenancy/CopyButton';
import { FieldRow, FormActions, FormStack } from '../tenancy/FormLayout';
import {
  ENVIRONMENTS,
  useInvalidate,
  useOrganizations,
  type CreatedProject,
  type Environment,
} from '../tenancy/queries';
import { SecretBox } from '../tenancy/SecretBox';
import { useDerivedSlug } from '../tenancy/slug';

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
  const activeOrganizations = (organizations.data ?? []).filter((organization) => organization.is_active);
  const [name, setName] = useState('');
  const [shownSlug, setSlug] = useDerivedSlug(name);
  const [chosenOrganization, setChosenOrganization] = useState<string | null>(null);
  const [environment, setEnvironment] = useState<Environment>('development');
  const [repositoryUrl, setRepositoryUrl] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
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
    onError: (failure) => {
      const reason = describeError(failure, t);
      setError(reason);
      toast({ title: t('projects.createFailed'), description: reason, variant: 'destructive' });
    },
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !shownSlug.trim() || !organizationId) {
      setError(t('projects.requiredFields'));
      return;
    }
    setError(null);
    create.mutate();
  };

  return (
    <FormStack onSubmit={submit} noValidate aria-label={t('projects.create.title')}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t('projects.field.name')}
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
      />
      <TextField
        label={t('projects.field.slug')}
        name="slug"
        value={shownSlug}
        spellCheck={false}
        onChange={(event) => setSlug(event.target.value)}
        required
      />
      <FieldRow>
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
        <SelectField
          label={t('projects.field.environment')}
          name="environment"
          value={environment}
          onChange={(event) => setEnvironment(event.target.value as Environment)}
          options={ENVIRONMENTS.map((value) => ({ value, label: t(`projects.environment.${value}`) }))}
        />
      </FieldRow>
      {organizations.isSuccess && activeOrganizations.length === 0 ? (
        <Alert tone="error">{t('projects.noOrganization')}</Alert>
      ) : null}
      <TextField
        label={t('projects.field.repositoryUrl')}
        name="repository_url"
        type="url"
        inputMode="url"
        placeholder="https://github.com/acme/app"
        value={repositoryUrl}
        onChange={(event) => setRepositoryUrl(event.target.value)}
      />
      <TextareaField
        label={t('projects.field.description')}
        name="description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('tenancy.creating') : t('tenancy.create')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
