import { normalizeWebsite } from '@iam-platform/common';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/useToast';
import { FormActions, FormStack } from '../tenancy/FormLayout';
import {
  missingOrganizationValues,
  OrganizationErrors,
  OrganizationFields,
  useOrganizationValues,
} from '../tenancy/OrganizationFields';
import { useInvalidate, type Organization } from '../tenancy/queries';

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
  const [values, setValue] = useOrganizationValues();
  const [errors, setErrors] = useState<string[]>([]);

  const description = values.description.trim();
  const normalizedWebsite = normalizeWebsite(values.website);

  const create = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.POST('/api/v1/organizations', {
          body: {
            name: values.name.trim(),
            slug: values.slug.trim(),
            ...(description ? { description } : {}),
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
    const problems = missingOrganizationValues(values).map((problem) => t(problem));
    setErrors(problems);
    if (problems.length === 0) create.mutate();
  };

  return (
    <FormStack onSubmit={submit} noValidate aria-label={t('organizations.create.title')}>
      <OrganizationErrors errors={errors} />
      <OrganizationFields
        values={values}
        onChange={setValue}
        invalid={{
          name: errors.includes(t('organizations.nameRequired')),
          slug: errors.includes(t('organizations.slugRequired')),
        }}
        creating
      />
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
