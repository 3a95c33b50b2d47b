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
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';
import { FieldRow, FormActions, FormStack } from '../tenancy/FormLayout';
import { useInvalidate, useProjects, type Application } from '../tenancy/queries';
import { deriveApplicationSlug, useDerivedSlug } from '../tenancy/slug';

export interface CreateApplicationDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(application: Application): void;
  /**
   * The project the application belongs to (a project's page): the compact form of SPEC §2
   * (name, API endpoint, description). Without it the form offers a project choice, slug and version.
   */
  projectId?: string;
  /** Preselects the project in the full form. */
  defaultProjectId?: string;
  /** Limits the project choice to one organization. */
  organizationId?: string;
}

const DEFAULT_VERSION = '1.0.0';

/** "Neue Anwendung". */
export function CreateApplicationDialog({
  open,
  onOpenChange,
  onCreated,
  projectId,
  defaultProjectId,
  organizationId,
}: CreateApplicationDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('applications.create.title')}
      description={t('applications.create.description')}
      closeLabel={t('common.close')}
    >
      <CreateApplicationForm
        fixedProjectId={projectId}
        defaultProjectId={defaultProjectId}
        organizationId={organizationId}
        onCancel={() => onOpenChange(false)}
        onCreated={(application) => {
          onOpenChange(false);
          onCreated?.(application);
        }}
      />
    </Dialog>
  );
}

function CreateApplicationForm({
  fixedProjectId,
  defaultProjectId,
  organizationId,
  onCancel,
  onCreated,
}: {
  fixedProjectId?: string;
  defaultProjectId?: string;
  organizationId?: string;
  onCancel(): void;
  onCreated(application: Application): void;
}) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidate();
  const compact = fixedProjectId !== undefined;
  const projects = useProjects(organizationId);
  const [name, setName] = useState('');
  const [derivedSlug, setSlug] = useDerivedSlug(name);
  const [chosenProject, setChosenProject] = useState<string | null>(null);
  const [version, setVersion] = useState(DEFAULT_VERSION);
  const [apiEndpoint, setApiEndpoint] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);

  const projectOptions = (projects.data ?? []).map((project) => ({ value: project.id, label: project.name }));
  const projectId =
    fixedProjectId ??
    chosenProject ??
    (projectOptions.some((option) => option.value === defaultProjectId)
      ? defaultProjectId!
      : projectOptions.length === 1
        ? (projectOptions[0]?.value ?? '')
        : '');
  const shownSlug = compact ? deriveApplicationSlug(name) : derivedSlug;

  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/applications', {
          body: {
            project_id: projectId,
            name: name.trim(),
            ...(shownSlug ? { slug: shownSlug.trim() } : {}),
            version: version.trim() || DEFAULT_VERSION,
            ...(apiEndpoint.trim() ? { api_endpoint: apiEndpoint.trim() } : {}),
            ...(description.trim() ? { description: description.trim() } : {}),
          },
        }),
      ),
    onSuccess: async (application) => {
      toast({
        title: compact ? t('applications.createdDetail') : t('applications.created'),
        description: application.name,
        variant: 'success',
      });
      await invalidate('applications');
      onCreated(application);
    },
    onError: (failure) => {
      const reason = describeError(failure, t);
      setError(reason);
      toast({ title: t('applications.createFailed'), description: reason, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: on a project's page a missing name does nothing (the button is disabled).
    if (compact && !name.trim()) return;
    if (!compact && (!name.trim() || !shownSlug.trim() || !projectId)) {
      setError(t('applications.requiredFields'));
      return;
    }
    setError(null);
    create.mutate();
  };

  return (
    <FormStack onSubmit={submit} noValidate aria-label={t('applications.create.title')}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t('applications.field.name')}
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
      />
      {compact ? null : (
        <>
          <TextField
            label={t('applications.field.slug')}
            name="slug"
            value={shownSlug}
            spellCheck={false}
            onChange={(event) => setSlug(event.target.value)}
            required
          />
          <FieldRow>
            <SelectField
              label={t('applications.field.project')}
              name="project"
              value={projectId}
              onChange={(event) => setChosenProject(event.target.value)}
              placeholder={projects.isPending ? t('common.loading') : t('tenancy.choose')}
              options={projectOptions}
              required
            />
            <TextField
              label={t('applications.field.version')}
              name="version"
              value={version}
              spellCheck={false}
              onChange={(event) => setVersion(event.target.value)}
            />
          </FieldRow>
        </>
      )}
      <TextField
        label={t('applications.field.apiEndpoint')}
        name="api_endpoint"
        type="url"
        inputMode="url"
        placeholder="https://api.example.com"
        value={apiEndpoint}
        onChange={(event) => setApiEndpoint(event.target.value)}
      />
      <TextareaField
        label={t('applications.field.description')}
        name="description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending || (compact ? !name.trim() : !projectId)}>
          {create.isPending ? t('tenancy.creating') : t('tenancy.create')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
