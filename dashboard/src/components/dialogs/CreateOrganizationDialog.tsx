import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';
import { FieldHint, FormActions, FormStack } from '../tenancy/FormLayout';
import { useInvalidate, type Organization } from '../tenancy/queries';
import { normalizeWebsite, useDerivedSlug } from '../tenancy/slug';

export interface CreateOrganizationDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated?(organization: Organization): void;
  /** Unused here; accepted so that every create dialog can be opened the same way. */
  defaultOrganizationId?: string;
}

/** "Neue Organisation": name, slug derived live from the name (editable), description, website. */
export function CreateOrganizationDialog({ open, onOpenChange, onCreated }: CreateOrganizationDialogProps) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('organizations.create.title')}
      description={t('organizations.create.description')}
      closeLabel={t('common.close')}
    >
      <CreateOrganizationForm
        onCancel={() => onOpenChange(false)}
        onCreated={(organization) => {
          onOpenChange(false);
          onCreated?.(organization);
        }}
      />
    </Dialog>
  );
}

/** The form lives inside the dialog's content, so closing the dialog resets it. */
function CreateOrganizationForm({
  onCancel,
  onCreated,
}: {
  onCancel(): void;
  onCreated(organization: Organization): void;
}) {
  const t = useT();
  const toast = useToast();
  const invalidate = useInvalidate();
  const websiteHintId = useId();
  const [name, setName] = useState('');
  const [shownSlug, setSlug] = useDerivedSlug(name);
  const [description, setDescription] = useState('');
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const normalizedWebsite = normalizeWebsite(website);

  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/organizations', {
          body: {
            name: name.trim(),
            slug: shownSlug.trim(),
            ...(description.trim() ? { description: description.trim() } : {}),
            ...(normalizedWebsite ? { website_url: normalizedWebsite } : {}),
          },
        }),
      ),
    onSuccess: async (organization) => {
      toast({ title: t('organizations.created'), description: organization.name, variant: 'success' });
      await invalidate('organizations');
      onCreated(organization);
    },
    onError: (error) => {
      const reason = describeError(error, t);
      setErrors([reason]);
      toast({ title: t('organizations.createFailed'), description: reason, variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: string[] = [];
    if (!name.trim()) problems.push(t('organizations.nameRequired'));
    if (!shownSlug.trim()) problems.push(t('organizations.slugRequired'));
    setErrors(problems);
    if (problems.length === 0) create.mutate();
  };

  return (
    <FormStack onSubmit={submit} noValidate aria-label={t('organizations.create.title')}>
      {errors.length > 0 ? (
        <Alert tone="error">
          {errors.map((error) => (
            <div key={error}>{error}</div>
          ))}
        </Alert>
      ) : null}
      <TextField
        label={t('organizations.field.name')}
        name="name"
        autoComplete="organization"
        value={name}
        onChange={(event) => setName(event.target.value)}
        aria-invalid={errors.includes(t('organizations.nameRequired'))}
        required
      />
      <TextField
        label={t('organizations.field.slug')}
        name="slug"
        value={shownSlug}
        onChange={(event) => setSlug(event.target.value)}
        aria-invalid={errors.includes(t('organizations.slugRequired'))}
        spellCheck={false}
        required
      />
      <TextareaField
        label={t('organizations.field.description')}
        name="description"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <TextField
        label={t('organizations.field.website')}
        name="website"
        type="url"
        inputMode="url"
        placeholder="acme.example"
        value={website}
        onChange={(event) => setWebsite(event.target.value)}
        aria-describedby={
          normalizedWebsite && normalizedWebsite !== website.trim() ? websiteHintId : undefined
        }
      />
      {normalizedWebsite && normalizedWebsite !== website.trim() ? (
        <FieldHint id={websiteHintId}>
          {t('organizations.websiteSavedAs', { url: normalizedWebsite })}
        </FieldHint>
      ) : null}
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('tenancy.creating') : t('tenancy.create')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
