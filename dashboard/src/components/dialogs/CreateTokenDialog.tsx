import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import { describeError } from '../../api/errors';
import { parseDateInput } from '../../i18n/dateInput';
import { useFormatDate } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { SecretField } from '../../ui/SecretField';
import { SelectField } from '../../ui/Select';
import { useToast } from '../../ui/useToast';
import { FieldHint, FormActions, FormStack } from '../tenancy/FormLayout';
import { tenancyKeys, useApplications, useOrganizations, useProjects } from '../tenancy/queries';

export type ApiToken = ApiSchemas['ApiToken'];
export type CreatedApiToken = ApiSchemas['CreatedApiToken'];
export type TokenScope = ApiToken['scopes'][number];

/** SPEC §3: the scopes a token can carry; admin includes every other one. */
export const TOKEN_SCOPES: TokenScope[] = ['read', 'write', 'delete', 'admin', 'analytics'];

/** Every token query (lists of all tokens or of one application) starts with this key. */
export const TOKENS_KEY = ['tokens'] as const;

const Scopes = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.9rem;
  }
`;

const ScopeGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(110px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const Check = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: pointer;
  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  span {
    display: grid;
    line-height: 1.3;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-weight: 600;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid #fcd34d;
  background: #fffbeb;
  color: #78350f;
`;

/** Checked when the form is sent: an expiry must lie in the future. */
function isPast(date: Date): boolean {
  return !(date.getTime() > Date.now());
}

interface CreateTokenDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Preselects this application (and its organization and project), e.g. from `/tokens?applicationId=`. */
  defaultApplicationId?: string;
  onCreated?(token: CreatedApiToken): void;
}

/**
 * SPEC §2 /tokens: issues an API token. Organization, project and application are chosen in
 * turn; after creation the dialog shows the token this one time, masked, with reveal and copy.
 * Closing the dialog forgets everything, the token included.
 */
export function CreateTokenDialog({
  open,
  onOpenChange,
  defaultApplicationId,
  onCreated,
}: CreateTokenDialogProps) {
  const t = useT();
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  const handleOpenChange = (next: boolean) => {
    if (!next) setCreated(null);
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={handleOpenChange}
      title={created ? t('tokens.secret.title') : t('tokens.dialog.title')}
      description={created ? undefined : t('tokens.dialog.description')}
      closeLabel={t('common.close')}
    >
      {created ? (
        <>
          <Warning>{t('tokens.secret.warning')}</Warning>
          <SecretField
            label={t('tokens.secret.label', { name: created.name })}
            value={created.token}
            revealLabel={t('tokens.secret.reveal')}
            copyLabel={t('tokens.secret.copy')}
            copiedMessage={t('tokens.copied')}
            copyFailedMessage={t('tokens.copyFailed')}
          />
          <FormActions>
            <Button type="button" onClick={() => handleOpenChange(false)}>
              {t('tokens.secret.done')}
            </Button>
          </FormActions>
        </>
      ) : (
        // Mounted only while the dialog is open, so every opening starts with an empty form.
        <TokenForm
          defaultApplicationId={defaultApplicationId}
          onCancel={() => handleOpenChange(false)}
          onCreated={(token) => {
            setCreated(token);
            onCreated?.(token);
          }}
        />
      )}
    </Dialog>
  );
}

function TokenForm({
  defaultApplicationId,
  onCancel,
  onCreated,
}: {
  defaultApplicationId?: string;
  onCancel(): void;
  onCreated(token: CreatedApiToken): void;
}) {
  const t = useT();
  const toast = useToast();
  const formatDate = useFormatDate();
  const queryClient = useQueryClient();
  const [organizationId, setOrganizationId] = useState('');
  const [projectId, setProjectId] = useState('');
  const [applicationId, setApplicationId] = useState('');
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TokenScope[]>([]);
  const [expiresAt, setExpiresAt] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [expiryProblem, setExpiryProblem] = useState<'format' | 'past' | null>(null);
  const expiryHintId = useId();

  const organizations = useOrganizations();
  // Without an organization these would list everything; the selects stay empty until one is chosen.
  const projects = useProjects(organizationId || undefined);
  const applications = useApplications(projectId || undefined, { enabled: Boolean(projectId) });

  const preset = useQuery({
    queryKey: tenancyKeys.application(defaultApplicationId ?? ''),
    enabled: Boolean(defaultApplicationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/applications/{id}', { params: { path: { id: defaultApplicationId! } } })),
  });
  // Fill the three selects from the preselected application once, before the user changes them.
  const [presetApplied, setPresetApplied] = useState(false);
  if (preset.data && !presetApplied) {
    setPresetApplied(true);
    setOrganizationId(preset.data.organization_id);
    setProjectId(preset.data.project_id);
    setApplicationId(preset.data.id);
  }

  const create = useMutation({
    mutationFn: async (body: ApiSchemas['CreateApiTokenRequest']) =>
      unwrap(await api.POST('/api/v1/tokens', { body })),
    onSuccess: async (token) => {
      toast({ title: t('tokens.created'), description: t('tokens.createdText'), variant: 'success' });
      onCreated(token);
      await queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (failure) => {
      const message = describeError(failure, t);
      setServerError(message);
      toast({ title: t('tokens.createFailed'), description: message, variant: 'destructive' });
    },
  });

  // SPEC §5 messages; shown after the first attempt and only while the problem is still there.
  const missing = !name.trim() || scopes.length === 0 || !applicationId;
  const invalid = submitted && missing;
  const error = submitted
    ? missing
      ? t('tokens.validation.required')
      : expiryProblem === 'format'
        ? t('tokens.validation.expiryFormat')
        : expiryProblem === 'past'
          ? t('tokens.validation.expiryPast')
          : serverError
    : null;

  const expiryDate = parseDateInput(expiresAt);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerError(null);
    if (expiryDate === 'invalid') {
      setExpiryProblem('format');
      return;
    }
    const past = expiryDate !== null && isPast(expiryDate);
    setExpiryProblem(past ? 'past' : null);
    if (missing || past) return;
    create.mutate({
      name: name.trim(),
      scopes: TOKEN_SCOPES.filter((scope) => scopes.includes(scope)),
      application_id: applicationId,
      expires_at: expiryDate ? expiryDate.toISOString() : null,
    });
  };

  const toggleScope = (scope: TokenScope, checked: boolean) =>
    setScopes((current) => (checked ? [...current, scope] : current.filter((item) => item !== scope)));

  const placeholder = (
    loading: boolean,
    count: number,
    choose: 'organization' | 'project' | 'application',
  ): string => {
    if (loading) return t('tokens.selectLoading');
    return count === 0 ? t(`tokens.none.${choose}`) : t(`tokens.choose.${choose}`);
  };

  const projectOptions = organizationId ? (projects.data ?? []) : [];
  const applicationOptions = projectId ? (applications.data ?? []) : [];

  return (
    <FormStack onSubmit={submit} noValidate aria-label={t('tokens.dialog.title')}>
      <SelectField
        label={t('tokens.field.organization')}
        value={organizationId}
        onChange={(event) => {
          setOrganizationId(event.target.value);
          setProjectId('');
          setApplicationId('');
        }}
        placeholder={placeholder(organizations.isPending, organizations.data?.length ?? 0, 'organization')}
        options={(organizations.data ?? []).map((organization) => ({
          value: organization.id,
          label: organization.name,
        }))}
      />
      <SelectField
        label={t('tokens.field.project')}
        value={projectId}
        disabled={!organizationId}
        onChange={(event) => {
          setProjectId(event.target.value);
          setApplicationId('');
        }}
        placeholder={
          organizationId
            ? placeholder(projects.isPending, projectOptions.length, 'project')
            : t('tokens.choose.project')
        }
        options={projectOptions.map((project) => ({ value: project.id, label: project.name }))}
      />
      <SelectField
        label={t('tokens.field.application')}
        value={applicationId}
        disabled={!projectId}
        required
        aria-invalid={invalid && !applicationId}
        onChange={(event) => setApplicationId(event.target.value)}
        placeholder={
          projectId
            ? placeholder(applications.isPending, applicationOptions.length, 'application')
            : t('tokens.choose.application')
        }
        options={applicationOptions.map((application) => ({
          value: application.id,
          label: application.name,
        }))}
      />
      <TextField
        label={t('tokens.field.name')}
        value={name}
        required
        maxLength={100}
        autoComplete="off"
        placeholder={t('tokens.field.namePlaceholder')}
        aria-invalid={invalid && !name.trim()}
        onChange={(event) => setName(event.target.value)}
      />
      <Scopes aria-invalid={invalid && scopes.length === 0}>
        <legend>{t('tokens.field.scopes')}</legend>
        <ScopeGrid>
          {TOKEN_SCOPES.map((scope) => (
            <Check key={scope}>
              <input
                type="checkbox"
                name="scopes"
                value={scope}
                checked={scopes.includes(scope)}
                onChange={(event) => toggleScope(scope, event.target.checked)}
              />
              <span>
                <code>{scope}</code>
                <small>{t(`tokens.scope.${scope}`)}</small>
              </span>
            </Check>
          ))}
        </ScopeGrid>
      </Scopes>
      {/* German date text rather than <input type="date">, which follows the browser's locale. */}
      <TextField
        label={t('tokens.field.expiry')}
        name="expires_at"
        value={expiresAt}
        placeholder={t('tokens.field.expiryPlaceholder')}
        autoComplete="off"
        spellCheck={false}
        maxLength={25}
        aria-invalid={expiryProblem !== null}
        aria-describedby={expiryHintId}
        onChange={(event) => {
          setExpiresAt(event.target.value);
          setExpiryProblem(null);
        }}
      />
      <FieldHint id={expiryHintId}>
        {expiryDate instanceof Date
          ? t('tokens.field.expiresOn', { date: formatDate(expiryDate, true) })
          : t('tokens.field.expiryHint')}
      </FieldHint>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <FormActions>
        <Button type="button" $variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending}>
          {create.isPending ? t('tokens.dialog.submitting') : t('tokens.dialog.submit')}
        </Button>
      </FormActions>
    </FormStack>
  );
}
