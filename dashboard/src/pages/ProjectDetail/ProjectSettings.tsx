import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { EntityForm, useFormError } from '../../components/tenancy/EntityForm';
import { ProjectFields, type ProjectFieldValues } from '../../components/tenancy/ProjectFields';
import { MissingPermissionNote } from '../../components/permissions/PermissionButton';
import { usePermissions } from '../../components/permissions/usePermissions';
import { useInvalidate, type Project } from '../../components/tenancy/queries';
import { DangerZoneCard, SettingsCard, SettingsStack } from '../../components/tenancy/SettingsLayout';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useFieldValues } from '../../components/tenancy/useFieldValues';
import { useT } from '../../i18n/useT';
import { useToast } from '../../ui/useToast';

/** The fields, disabled as a whole for roles without project:update. */
const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

/**
 * The Einstellungen tab: edit the project (project:update); deactivating it needs
 * project:deactivate (admins).
 */
export function ProjectSettings({ project }: { project: Project }) {
  const t = useT();
  const permissions = usePermissions(project.organization_id);
  const canEdit = permissions.can('project:update');
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [values, change] = useFieldValues<ProjectFieldValues>(() => ({
    name: project.name,
    environment: project.environment,
    repositoryUrl: project.repository_url ?? '',
    description: project.description ?? '',
  }));
  const { name, environment, repositoryUrl, description } = values;
  const { error, setError, onFailure } = useFormError('tenancy.updateFailed');

  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH('/api/v1/projects/{id}', {
          params: { path: { id: project.id } },
          body: {
            name: name.trim(),
            description: description.trim() || null,
            environment,
            repository_url: repositoryUrl.trim() || null,
          },
        }),
      ),
    onSuccess: async (updated) => {
      toast({ title: t('projects.settings.saved'), description: updated.name, variant: 'success' });
      await invalidate('projects');
    },
    onError: onFailure,
  });

  const deactivate = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/api/v1/projects/{id}/deactivate', { params: { path: { id: project.id } } })),
    onSuccess: async () => {
      toast({ title: t('projects.settings.deactivated'), description: project.name, variant: 'success' });
      await invalidate('projects', 'applications');
      navigate('/projects');
    },
    onError: (failure) => fail('tenancy.updateFailed', failure),
  });

  const submit = () => {
    if (!name.trim()) {
      setError(t('projects.settings.nameRequired'));
      return;
    }
    setError(null);
    save.mutate();
  };

  return (
    <SettingsStack $headingSpace={4}>
      <SettingsCard title={t('projects.settings.title')}>
        <EntityForm
          label={t('projects.settings.title')}
          error={error}
          onSubmit={submit}
          action="save"
          pending={save.isPending}
          disabled={save.isPending || !canEdit}
        >
          {canEdit ? null : <MissingPermissionNote permission="project:update" />}
          <Fields disabled={!canEdit}>
            <ProjectFields values={values} onChange={change} form={{ kind: 'settings' }} />
          </Fields>
        </EntityForm>
      </SettingsCard>
      <DangerZoneCard
        title={t('projects.settings.dangerZone')}
        text={t('projects.settings.dangerText')}
        permissions={permissions}
        need="project:deactivate"
        label={t('projects.settings.deactivate')}
        question={t('projects.settings.confirmDeactivate', { name: project.name })}
        pending={deactivate.isPending}
        onConfirm={() => deactivate.mutate()}
      />
    </SettingsStack>
  );
}
