import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/useToast';
import { AllowedOriginsField, originsRefusal, useAllowedOrigins } from '../tenancy/AllowedOriginsField';
import { ApplicationFields, type ApplicationFieldValues } from '../tenancy/ApplicationFields';
import { EntityForm, useFormError } from '../tenancy/EntityForm';
import { useInvalidate, type Application } from '../tenancy/queries';
import { useFieldValues } from '../tenancy/useFieldValues';

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
  const [values, change] = useFieldValues<ApplicationFieldValues>(() => ({
    name: application.name,
    apiEndpoint: application.api_endpoint ?? '',
    version: application.version,
    description: application.description ?? '',
  }));
  const { name, apiEndpoint, version, description } = values;
  const origins = useAllowedOrigins(application.allowed_origins);
  const { error, setError, onFailure } = useFormError('applications.updateFailed');

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
    onError: (failure, sent) => {
      // A refused origin is named with its reason, not as "allowed_origins.0".
      const refusal = originsRefusal(failure, sent, t);
      if (!refusal) return onFailure(failure);
      setError(refusal);
      toast({ title: t('applications.updateFailed'), description: refusal, variant: 'destructive' });
    },
  });

  const submit = () => {
    if (!name.trim()) {
      setError(t('applications.nameRequired'));
      return;
    }
    // An origin typed but not yet added is meant to be saved too; a bad one blocks saving
    // (it stays marked in the field) and the list's valid entries stay as they are.
    const allowedOrigins = origins.pendingOrigins();
    if (!allowedOrigins) {
      setError(t('applications.origins.blocked'));
      return;
    }
    setError(null);
    save.mutate(allowedOrigins);
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
      <AllowedOriginsField state={origins} />
    </EntityForm>
  );
}
