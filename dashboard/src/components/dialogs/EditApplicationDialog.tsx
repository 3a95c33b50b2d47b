import { useMutation } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Input } from '../../ui/Field';
import { useToast } from '../../ui/useToast';
import { ApplicationFields, type ApplicationFieldValues } from '../tenancy/ApplicationFields';
import { EntityForm, useFormError } from '../tenancy/EntityForm';
import { useInvalidate, type Application } from '../tenancy/queries';
import { useFieldValues } from '../tenancy/useFieldValues';

const Origins = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
  p {
    margin: 0;
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space(2)};
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f1f5f9;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
    min-width: 0;
  }
`;

const AddRow = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

const IconButton = styled.button`
  flex: none;
  display: inline-flex;
  padding: 4px;
  border: 0;
  background: none;
  color: inherit;
  cursor: pointer;
  border-radius: ${({ theme }) => theme.radii.sm};
`;

/** "Anwendung bearbeiten": name, API endpoint, version, description and the allowed origins. */
export function EditApplicationDialog({
  application,
  open,
  onOpenChange,
  onSaved,
}: {
  application: Application;
  open: boolean;
  onOpenChange(open: boolean): void;
  onSaved?(application: Application): void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('applications.edit.title')}
      description={t('applications.edit.description')}
      closeLabel={t('common.close')}
    >
      <EditApplicationForm
        application={application}
        onCancel={() => onOpenChange(false)}
        onSaved={(saved) => {
          onOpenChange(false);
          onSaved?.(saved);
        }}
      />
    </Dialog>
  );
}

function EditApplicationForm({
  application,
  onCancel,
  onSaved,
}: {
  application: Application;
  onCancel(): void;
  onSaved(application: Application): void;
}) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidate();
  const originHintId = useId();
  const [values, change] = useFieldValues<ApplicationFieldValues>(() => ({
    name: application.name,
    apiEndpoint: application.api_endpoint ?? '',
    version: application.version,
    description: application.description ?? '',
  }));
  const { name, apiEndpoint, version, description } = values;
  const [origins, setOrigins] = useState<string[]>(application.allowed_origins);
  const [newOrigin, setNewOrigin] = useState('');
  const { error, setError, onFailure } = useFormError('applications.updateFailed');

  const addOrigin = () => {
    const origin = newOrigin.trim().replace(/\/$/, '');
    if (!origin) return;
    if (!origins.includes(origin)) setOrigins([...origins, origin]);
    setNewOrigin('');
  };

  const onOriginKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the origin instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      addOrigin();
    }
  };

  const save = useMutation({
    mutationFn: async (allowedOrigins: string[]) =>
      unwrap(
        await api.PATCH('/api/v1/applications/{id}', {
          params: { path: { id: application.id } },
          body: {
            name: name.trim(),
            api_endpoint: apiEndpoint.trim() || null,
            version: version.trim(),
            description: description.trim() || null,
            allowed_origins: allowedOrigins,
          },
        }),
      ),
    onSuccess: async (saved) => {
      toast({ title: t('applications.updated'), description: saved.name, variant: 'success' });
      await invalidate('applications');
      onSaved(saved);
    },
    onError: onFailure,
  });

  const submit = () => {
    if (!name.trim()) {
      setError(t('applications.nameRequired'));
      return;
    }
    setError(null);
    // An origin typed but not yet added is meant to be saved too.
    const pending = newOrigin.trim().replace(/\/$/, '');
    save.mutate(pending && !origins.includes(pending) ? [...origins, pending] : origins);
  };

  return (
    <EntityForm
      label={t('applications.edit.title')}
      error={error}
      onSubmit={submit}
      onCancel={onCancel}
      action="save"
      pending={save.isPending}
    >
      <ApplicationFields values={values} onChange={change} form={{ kind: 'edit' }} />
      <Origins>
        <legend>{t('applications.field.origins')}</legend>
        <p id={originHintId}>{t('applications.origins.hint')}</p>
        {origins.length > 0 ? (
          <ul>
            {origins.map((origin) => (
              <li key={origin}>
                <span>{origin}</span>
                <IconButton
                  type="button"
                  aria-label={t('applications.origins.remove', { origin })}
                  onClick={() => setOrigins(origins.filter((entry) => entry !== origin))}
                >
                  <X aria-hidden="true" size={16} />
                </IconButton>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('applications.origins.none')}</p>
        )}
        <AddRow>
          <Input
            aria-label={t('applications.origins.new')}
            aria-describedby={originHintId}
            type="url"
            inputMode="url"
            placeholder="https://app.example.com"
            value={newOrigin}
            onChange={(event) => setNewOrigin(event.target.value)}
            onKeyDown={onOriginKey}
          />
          <Button type="button" $variant="secondary" onClick={addOrigin}>
            {t('applications.origins.add')}
          </Button>
        </AddRow>
      </Origins>
    </EntityForm>
  );
}
