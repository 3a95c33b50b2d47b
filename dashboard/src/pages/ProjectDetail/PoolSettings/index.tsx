import { Copy, ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { describeError } from '../../../api/errors';
import { useMissingPermissionText } from '../../../components/permissions/PermissionButton';
import { usePermissions } from '../../../components/permissions/usePermissions';
import type { Project } from '../../../components/tenancy/queries';
import { useErrorToast, useFailureToast } from '../../../components/tenancy/useErrorToast';
import type { MessageKey } from '../../../i18n/messages';
import { useT, type Translate } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button, ButtonLink } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { SelectField } from '../../../ui/Select';
import { Skeletons } from '../../../ui/Skeleton';
import { useCopyToClipboard } from '../../../ui/useCopyToClipboard';
import { useToast } from '../../../ui/useToast';
import { BrandPreview } from './BrandPreview';
import { ChoiceGroup, ColorField, DurationField, InputField, RedirectUrlsEditor } from './fields';
import {
  hostedSignInPath,
  POOL_LOCALES,
  SECOND_FACTOR_MODES,
  SIGN_IN_METHODS,
  SIGNUP_MODES,
  usePoolSettings,
  useSavePoolSettings,
  type PoolLocale,
  type PoolSettings,
} from './queries';
import { fieldErrorsOf, formValuesOf, patchOf, type PoolFormValues } from './settingsForm';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  > p {
    margin: calc(-1 * ${({ theme }) => theme.space(2)}) 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const Note = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid #c7d2fe;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #eef2ff;
  color: #3730a3;
`;

/** Two fields side by side on wider screens (each with its own hint and error below), stacked on phones. */
const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

/** Every setting; disabled as a whole for members, who may read but not change them. */
const Fields = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

/** The branding fields beside their preview on wide screens, above it on phones. */
const BrandingLayout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  > div {
    display: grid;
    gap: ${({ theme }) => theme.space(4)};
    align-content: start;
    min-width: 0;
  }
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  }
`;

const HostedUrl = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  code {
    flex: 1 1 260px;
    min-width: 0;
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #f1f5f9;
    overflow-wrap: anywhere;
  }
`;

/**
 * The save button at the end of the form; while there are unsaved changes it stays in reach at
 * the bottom of the screen as the long form scrolls.
 */
const SaveBar = styled.div<{ $floating: boolean }>`
  position: ${({ $floating }) => ($floating ? 'sticky' : 'static')};
  bottom: ${({ theme }) => theme.space(2)};
  z-index: 2;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ $floating }) => ($floating ? '0 4px 16px rgba(15, 23, 42, 0.18)' : 'none')};
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
`;

/**
 * What the UI says at a field the server refused: our own sentence where we know the rule (from
 * the pool contract), otherwise the server's message.
 */
const FIELD_TEXTS: Array<[RegExp, MessageKey]> = [
  [/^password_min_length$/, 'poolSettings.invalid.passwordMinLength'],
  [/^session_lifetime_seconds$/, 'poolSettings.invalid.sessionLifetime'],
  [/^refresh_lifetime_seconds$/, 'poolSettings.invalid.refreshLifetime'],
  [/^branding\.logo_url$/, 'poolSettings.invalid.logoUrl'],
  [/^branding\.primary_color$/, 'poolSettings.invalid.primaryColor'],
  [/^branding\.support_email$/, 'poolSettings.invalid.supportEmail'],
  [/^branding\.display_name$/, 'poolSettings.invalid.displayName'],
  [/^redirect_urls\.\d+$/, 'poolSettings.invalid.redirectUrl'],
];

function localizedErrors(errors: Record<string, string>, t: Translate): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const known = FIELD_TEXTS.find(([pattern]) => pattern.test(path));
      return [path, known ? t(known[1]) : message];
    }),
  );
}

/** Checks the server would make anyway, said before the round trip. */
function localProblems(values: PoolFormValues, settings: PoolSettings, t: Translate): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.methods.length === 0) problems['methods'] = t('poolSettings.invalid.noMethod');
  if (values.methods.includes('google')) {
    if (!values.googleClientId.trim())
      problems['google.client_id'] = t('poolSettings.invalid.googleClientId');
    // A stored secret is kept only for the same client.
    const keepsSecret =
      settings.google?.client_secret_set && settings.google.client_id === values.googleClientId.trim();
    if (!values.googleClientSecret.trim() && !keepsSecret)
      problems['google.client_secret'] = t('poolSettings.invalid.googleSecret');
  }
  return problems;
}

/** The hosted sign-in page's address, to open or to copy into an application. */
function HostedPageCard({ projectId }: { projectId: string }) {
  const t = useT();
  const url = `${location.origin}${hostedSignInPath(projectId)}`;
  const { copy } = useCopyToClipboard({ copied: t('tokens.copied'), failed: t('tokens.copyFailed') });
  return (
    <Section aria-labelledby="pool-hosted">
      <h2 id="pool-hosted">{t('poolSettings.hosted.title')}</h2>
      <p>{t('poolSettings.hosted.text')}</p>
      <HostedUrl>
        <code>{url}</code>
        <Button type="button" $variant="secondary" onClick={() => void copy(url)}>
          <Copy aria-hidden="true" size={16} />
          {t('poolSettings.hosted.copy')}
        </Button>
        <ButtonLink $variant="secondary" href={hostedSignInPath(projectId)} target="_blank" rel="noopener">
          <ExternalLink aria-hidden="true" size={16} />
          {t('poolSettings.hosted.open')}
        </ButtonLink>
      </HostedUrl>
    </Section>
  );
}

/** "Benutzer & Anmeldung": the settings of the project's user pool (issue #31). */
export function PoolSettingsTab({ project }: { project: Project }) {
  const t = useT();
  const permissions = usePermissions(project.organization_id);
  const settings = usePoolSettings(project.id);
  // Bumped by a save: the form starts again from what the server kept (a refetch in between,
  // say on window focus, leaves the person's unsaved edits alone).
  const [version, setVersion] = useState(0);
  useErrorToast(settings.error, 'poolSettings.loadFailed');
  if (settings.isPending)
    return (
      <Form as="div">
        <Skeletons count={4} label={t('poolSettings.loading')} height={180} />
      </Form>
    );
  if (settings.isError) return <Alert tone="error">{describeError(settings.error, t)}</Alert>;
  return (
    <PoolSettingsForm
      key={version}
      projectId={project.id}
      settings={settings.data}
      // Members read the settings; changing them needs pool:update (admins).
      readOnly={!permissions.isPending && !permissions.can('pool:update')}
      onSaved={() => setVersion((current) => current + 1)}
    />
  );
}

function PoolSettingsForm({
  projectId,
  settings,
  readOnly,
  onSaved,
}: {
  projectId: string;
  settings: PoolSettings;
  readOnly: boolean;
  onSaved(): void;
}) {
  const t = useT();
  const missingPermission = useMissingPermissionText();
  const toast = useToast();
  const fail = useFailureToast();
  const [values, setValues] = useState(() => formValuesOf(settings));
  const change = (patch: Partial<PoolFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const [pendingUrl, setPendingUrl] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePoolSettings(projectId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A URL typed but not yet added is meant to be saved too.
    const typed = pendingUrl.trim();
    const redirectUrls =
      typed && !values.redirectUrls.includes(typed) ? [...values.redirectUrls, typed] : values.redirectUrls;
    const withTyped = { ...values, redirectUrls };
    const problems = localProblems(withTyped, settings, t);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFormError(t('poolSettings.invalid.summary'));
      return;
    }
    setFormError(null);
    if (redirectUrls !== values.redirectUrls) {
      setValues(withTyped);
      setPendingUrl('');
    }
    const patch = patchOf(withTyped, settings);
    if (Object.keys(patch).length === 0) {
      toast({ title: t('poolSettings.nothingChanged') });
      return;
    }
    save.mutate(patch, {
      onSuccess: () => {
        toast({
          title: t('poolSettings.saved'),
          description: t('poolSettings.savedText'),
          variant: 'success',
        });
        onSaved();
      },
      onError: (failure) => {
        const fields = localizedErrors(fieldErrorsOf(failure), t);
        setErrors(fields);
        setFormError(
          Object.keys(fields).length > 0 ? t('poolSettings.invalid.summary') : describeError(failure, t),
        );
        fail('poolSettings.saveFailed', failure);
      },
    });
  };

  const google = values.methods.includes('google');
  const dirty = pendingUrl.trim() !== '' || Object.keys(patchOf(values, settings)).length > 0;
  const methodOptions = SIGN_IN_METHODS.map((method) => ({
    value: method,
    label: t(`poolSettings.method.${method}`),
    description: t(`poolSettings.method.${method}.text`),
  }));

  return (
    <Form onSubmit={submit} noValidate aria-label={t('poolSettings.formLabel')}>
      <HostedPageCard projectId={projectId} />
      {readOnly ? <Note role="note">{missingPermission('pool:update')}</Note> : null}
      <Fields disabled={readOnly}>
        <Section aria-labelledby="pool-signup">
          <h2 id="pool-signup">{t('poolSettings.signup.title')}</h2>
          <ChoiceGroup
            legend={t('poolSettings.signup.legend')}
            type="radio"
            options={SIGNUP_MODES.map((mode) => ({
              value: mode,
              label: t(`poolSettings.signup.${mode}`),
              description: t(`poolSettings.signup.${mode}.text`),
            }))}
            selected={[values.signup]}
            onChange={([signup]) => signup && change({ signup })}
            error={errors['signup']}
          />
          <ChoiceGroup
            legend={t('poolSettings.methods.legend')}
            type="checkbox"
            options={methodOptions}
            selected={values.methods}
            onChange={(methods) => change({ methods })}
            error={errors['methods']}
          />
          {google ? (
            <Columns>
              <InputField
                label={t('poolSettings.google.clientId')}
                hint={t('poolSettings.google.clientIdHint')}
                error={errors['google.client_id'] ?? errors['google']}
                spellCheck={false}
                autoComplete="off"
                value={values.googleClientId}
                onChange={(event) => change({ googleClientId: event.target.value })}
              />
              <InputField
                label={t('poolSettings.google.clientSecret')}
                hint={t(
                  settings.google?.client_secret_set
                    ? 'poolSettings.google.secretSet'
                    : 'poolSettings.google.secretHint',
                )}
                error={errors['google.client_secret']}
                type="password"
                autoComplete="new-password"
                spellCheck={false}
                placeholder={settings.google?.client_secret_set ? '••••••••' : undefined}
                value={values.googleClientSecret}
                onChange={(event) => change({ googleClientSecret: event.target.value })}
              />
            </Columns>
          ) : null}
        </Section>

        <Section aria-labelledby="pool-security">
          <h2 id="pool-security">{t('poolSettings.security.title')}</h2>
          <Columns>
            <InputField
              label={t('poolSettings.passwordMinLength')}
              hint={t('poolSettings.passwordMinLength.hint')}
              error={errors['password_min_length']}
              type="number"
              inputMode="numeric"
              min={6}
              max={128}
              value={values.passwordMinLength}
              onChange={(event) => change({ passwordMinLength: event.target.value })}
            />
            <SelectField
              label={t('poolSettings.secondFactor')}
              value={values.secondFactor}
              options={SECOND_FACTOR_MODES.map((mode) => ({
                value: mode,
                label: t(`poolSettings.secondFactor.${mode}`),
              }))}
              onChange={(event) =>
                change({ secondFactor: event.target.value as PoolFormValues['secondFactor'] })
              }
            />
          </Columns>
          <Columns>
            <DurationField
              label={t('poolSettings.sessionLifetime')}
              hint={t('poolSettings.sessionLifetime.hint')}
              error={errors['session_lifetime_seconds']}
              value={values.sessionLifetime}
              onChange={(sessionLifetime) => change({ sessionLifetime })}
            />
            <DurationField
              label={t('poolSettings.refreshLifetime')}
              hint={t('poolSettings.refreshLifetime.hint')}
              error={errors['refresh_lifetime_seconds']}
              value={values.refreshLifetime}
              onChange={(refreshLifetime) => change({ refreshLifetime })}
            />
          </Columns>
        </Section>

        <Section aria-labelledby="pool-branding">
          <h2 id="pool-branding">{t('poolSettings.branding.title')}</h2>
          <p>{t('poolSettings.branding.text')}</p>
          <BrandingLayout>
            <div>
              <InputField
                label={t('poolSettings.displayName')}
                hint={t('poolSettings.displayName.hint')}
                error={errors['branding.display_name']}
                value={values.displayName}
                onChange={(event) => change({ displayName: event.target.value })}
              />
              <InputField
                label={t('poolSettings.logoUrl')}
                hint={t('poolSettings.logoUrl.hint')}
                error={errors['branding.logo_url']}
                type="url"
                inputMode="url"
                placeholder="https://shop.example.com/logo.svg"
                value={values.logoUrl}
                onChange={(event) => change({ logoUrl: event.target.value })}
              />
              <Columns>
                <ColorField
                  label={t('poolSettings.primaryColor')}
                  hint={t('poolSettings.primaryColor.hint')}
                  error={errors['branding.primary_color']}
                  value={values.primaryColor}
                  onChange={(primaryColor) => change({ primaryColor })}
                />
                <SelectField
                  label={t('poolSettings.locale')}
                  value={values.locale}
                  options={POOL_LOCALES.map((locale) => ({
                    value: locale,
                    label: t(`poolSettings.locale.${locale}`),
                  }))}
                  onChange={(event) => change({ locale: event.target.value as PoolLocale })}
                />
              </Columns>
              <InputField
                label={t('poolSettings.supportEmail')}
                hint={t('poolSettings.supportEmail.hint')}
                error={errors['branding.support_email']}
                type="email"
                autoComplete="off"
                value={values.supportEmail}
                onChange={(event) => change({ supportEmail: event.target.value })}
              />
            </div>
            <BrandPreview
              displayName={values.displayName}
              logoUrl={values.logoUrl}
              primaryColor={values.primaryColor}
            />
          </BrandingLayout>
        </Section>

        <Section aria-labelledby="pool-redirects">
          <h2 id="pool-redirects">{t('poolSettings.redirects.title')}</h2>
          <RedirectUrlsEditor
            legend={t('poolSettings.redirects.legend')}
            hint={t('poolSettings.redirects.hint')}
            urls={values.redirectUrls}
            onChange={(redirectUrls) => change({ redirectUrls })}
            errors={errors}
            pending={pendingUrl}
            onPendingChange={setPendingUrl}
          />
        </Section>
      </Fields>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {readOnly ? null : (
        <SaveBar $floating={dirty}>
          {dirty ? <span>{t('poolSettings.unsaved')}</span> : null}
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('tenancy.saving') : t('poolSettings.save')}
          </Button>
        </SaveBar>
      )}
    </Form>
  );
}
