import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { DangerAction } from '../../components/tenancy/ConfirmInline';
import { FieldRow, FormActions, FormStack } from '../../components/tenancy/FormLayout';
import {
  ENVIRONMENTS,
  useInvalidate,
  type Environment,
  type Project,
  type Role,
} from '../../components/tenancy/queries';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

/** The Einstellungen tab: edit the project; admins of its organization may deactivate it. */
export function ProjectSettings({ project, role }: { project: Project; role?: Role }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const navigate = useNavigate();
  const [name, setName] = useState(project.name);
  const [description, setDescription] = useState(project.description ?? '');
  const [environment, setEnvironment] = useState<Environment>(project.environment);
  const [repositoryUrl, setRepositoryUrl] = useState(project.repository_url ?? '');
  const [error, setError] = useState<string | null>(null);

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
    onError: (failure) => {
      setError(describeError(failure, t));
      fail('tenancy.updateFailed', failure);
    },
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('projects.settings.nameRequired'));
      return;
    }
    setError(null);
    save.mutate();
  };

  return (
    <Stack>
      <Card>
        <h2>{t('projects.settings.title')}</h2>
        <FormStack onSubmit={submit} noValidate aria-label={t('projects.settings.title')}>
          {error ? <Alert tone="error">{error}</Alert> : null}
          <FieldRow>
            <TextField
              label={t('projects.field.name')}
              name="name"
              value={name}
              onChange={(event) => setName(event.target.value)}
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
          <TextField
            label={t('projects.field.repositoryUrl')}
            name="repository_url"
            type="url"
            inputMode="url"
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
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('tenancy.saving') : t('tenancy.save')}
            </Button>
          </FormActions>
        </FormStack>
      </Card>
      <Card>
        <h2>{t('projects.settings.dangerZone')}</h2>
        <p>{t('projects.settings.dangerText')}</p>
        <DangerAction
          allowed={role === 'admin'}
          notAllowedText={t('projects.settings.adminOnly')}
          label={t('projects.settings.deactivate')}
          question={t('projects.settings.confirmDeactivate', { name: project.name })}
          pending={deactivate.isPending}
          onConfirm={() => deactivate.mutate()}
        />
      </Card>
    </Stack>
  );
}
