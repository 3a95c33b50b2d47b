import { deriveApplicationSlug } from '@iam-platform/common';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/Select';
import { useToast } from '../../ui/useToast';
import { ApplicationFields, type ApplicationFieldValues } from '../tenancy/ApplicationFields';
import { EntityForm, useFormError } from '../tenancy/EntityForm';
import { useInvalidate, useProjects, type Application } from '../tenancy/queries';
import { useDerivedSlug } from '../tenancy/slug';
import { useFieldValues } from '../tenancy/useFieldValues';

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
  const [values, change] = useFieldValues<ApplicationFieldValues>({
    name: '',
    apiEndpoint: '',
    version: DEFAULT_VERSION,
    description: '',
  });
  const { name, apiEndpoint, version, description } = values;
  const [derivedSlug, setSlug] = useDerivedSlug(name);
  const [chosenProject, setChosenProject] = useState<string | null>(null);
  const { error, setError, onFailure } = useFormError('applications.createFailed');

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
    onError: onFailure,
  });

  const submit = () => {
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
    <EntityForm
      label={t('applications.create.title')}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
      action="create"
      pending={create.isPending}
      disabled={create.isPending || (compact ? !name.trim() : !projectId)}
    >
      <ApplicationFields
        values={values}
        onChange={change}
        form={
          compact
            ? { kind: 'compact' }
            : {
                kind: 'create',
                slug: shownSlug,
                onSlugChange: setSlug,
                projectField: (
                  <SelectField
                    label={t('applications.field.project')}
                    name="project"
                    value={projectId}
                    onChange={(event) => setChosenProject(event.target.value)}
                    placeholder={projects.isPending ? t('common.loading') : t('tenancy.choose')}
                    options={projectOptions}
                    required
                  />
                ),
              }
        }
      />
    </EntityForm>
  );
}
