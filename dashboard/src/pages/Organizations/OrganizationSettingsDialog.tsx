import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { ConfirmInline, DangerButton } from '../../components/tenancy/ConfirmInline';
import { FieldHint, FormActions, FormStack } from '../../components/tenancy/FormLayout';
import { Muted } from '../../components/tenancy/PageParts';
import { useInvalidate, type Organization } from '../../components/tenancy/queries';
import { normalizeWebsite } from '../../components/tenancy/slug';
import { useFailureToast } from '../../components/tenancy/useErrorToast';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { TextareaField } from '../../ui/Textarea';
import { useToast } from '../../ui/useToast';

const Fieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
`;

const StatusSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h3 {
    margin: 0;
    font-size: 1rem;
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: center;
  }
`;

/** "Einstellungen": edit name, slug, description, website and member limit; (de)activate. */
export function OrganizationSettingsDialog({
  organization,
  open,
  onOpenChange,
}: {
  organization: Organization;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('organizations.settings.title', { name: organization.name })}
      description={t('organizations.settings.description')}
      closeLabel={t('common.close')}
    >
      <SettingsForm organization={organization} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function SettingsForm({ organization, onDone }: { organization: Organization; onDone(): void }) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const invalidate = useInvalidate();
  const websiteHintId = useId();
  const isAdmin = organization.role === 'admin';
  const [name, setName] = useState(organization.name);
  const [slug, setSlug] = useState(organization.slug);
  const [description, setDescription] = useState(organization.description ?? '');
  const [website, setWebsite] = useState(organization.website_url ?? '');
  const [maxMembers, setMaxMembers] = useState(String(organization.max_members));
  const [errors, setErrors] = useState<string[]>([]);
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const normalizedWebsite = normalizeWebsite(website);
  const showWebsiteHint = normalizedWebsite !== '' && normalizedWebsite !== website.trim();

  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PATCH('/api/v1/organizations/{id}', {
          params: { path: { id: organization.id } },
          body: {
            name: name.trim(),
            slug: slug.trim(),
            description: description.trim() || null,
            website_url: normalizedWebsite || undefined,
            max_members: Number(maxMembers),
          },
        }),
      ),
    onSuccess: async (updated) => {
      toast({ title: t('organizations.settings.saved'), description: updated.name, variant: 'success' });
      await invalidate('organizations');
      onDone();
    },
    onError: (error) => {
      setErrors([describeError(error, t)]);
      fail('tenancy.updateFailed', error);
    },
  });

  const setActive = useMutation({
    mutationFn: async (active: boolean) =>
      unwrap(
        await api.POST(
          active ? '/api/v1/organizations/{id}/activate' : '/api/v1/organizations/{id}/deactivate',
          { params: { path: { id: organization.id } } },
        ),
      ),
    onSuccess: async (updated) => {
      setConfirmingDeactivate(false);
      toast({
        title: updated.is_active
          ? t('organizations.settings.activated')
          : t('organizations.settings.deactivated'),
        description: updated.name,
        variant: 'success',
      });
      await invalidate('organizations', 'projects', 'applications');
    },
    onError: (error) => {
      setConfirmingDeactivate(false);
      fail('tenancy.updateFailed', error);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: string[] = [];
    if (!name.trim()) problems.push(t('organizations.nameRequired'));
    if (!slug.trim()) problems.push(t('organizations.slugRequired'));
    const limit = Number(maxMembers);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
      problems.push(t('organizations.settings.maxMembersInvalid'));
    setErrors(problems);
    if (problems.length === 0) save.mutate();
  };

  return (
    <>
      <FormStack onSubmit={submit} noValidate aria-label={t('organizations.settings')}>
        {isAdmin ? null : (
          <Muted as="p" role="note">
            {t('organizations.settings.adminOnly')}
          </Muted>
        )}
        {errors.length > 0 ? (
          <Alert tone="error">
            {errors.map((error) => (
              <div key={error}>{error}</div>
            ))}
          </Alert>
        ) : null}
        <Fieldset disabled={!isAdmin}>
          <TextField
            label={t('organizations.field.name')}
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
          />
          <TextField
            label={t('organizations.field.slug')}
            name="slug"
            value={slug}
            spellCheck={false}
            onChange={(event) => setSlug(event.target.value)}
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
            value={website}
            onChange={(event) => setWebsite(event.target.value)}
            aria-describedby={showWebsiteHint ? websiteHintId : undefined}
          />
          {showWebsiteHint ? (
            <FieldHint id={websiteHintId}>
              {t('organizations.websiteSavedAs', { url: normalizedWebsite })}
            </FieldHint>
          ) : null}
          <TextField
            label={t('organizations.field.maxMembers')}
            name="max_members"
            type="number"
            min={1}
            max={10000}
            inputMode="numeric"
            value={maxMembers}
            onChange={(event) => setMaxMembers(event.target.value)}
          />
        </Fieldset>
        {isAdmin ? (
          <FormActions>
            <Button type="button" $variant="secondary" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('tenancy.saving') : t('tenancy.save')}
            </Button>
          </FormActions>
        ) : null}
      </FormStack>
      <StatusSection aria-label={t('organizations.settings.status')}>
        <h3>
          {t('organizations.settings.status')}
          <Badge $tone={organization.is_active ? 'success' : 'muted'}>
            {organization.is_active ? t('tenancy.status.active') : t('tenancy.status.inactive')}
          </Badge>
        </h3>
        {!isAdmin ? null : confirmingDeactivate ? (
          <ConfirmInline
            question={t('organizations.settings.confirmDeactivate')}
            confirmLabel={t('organizations.settings.deactivate')}
            pending={setActive.isPending}
            onConfirm={() => setActive.mutate(false)}
            onCancel={() => setConfirmingDeactivate(false)}
          />
        ) : organization.is_active ? (
          <div>
            <DangerButton type="button" onClick={() => setConfirmingDeactivate(true)}>
              {t('organizations.settings.deactivate')}
            </DangerButton>
          </div>
        ) : (
          <div>
            <Button type="button" onClick={() => setActive.mutate(true)} disabled={setActive.isPending}>
              {t('organizations.settings.activate')}
            </Button>
          </div>
        )}
      </StatusSection>
    </>
  );
}
