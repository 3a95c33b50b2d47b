import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client';
import { describeError } from '../../../api/errors';
import { useFailureToast } from '../../../components/tenancy/useErrorToast';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/Select';
import { useToast } from '../../../ui/useToast';
import { ChoiceGroup, DurationField, InputField } from '../../ProjectDetail/PoolSettings/fields';
import {
  changedOidcOf,
  fieldErrorsOf,
  formValuesOf,
  identifierProblem,
  isConfidential,
  localProblems,
  scopeProblem,
  TYPE_RULES,
  uriProblem,
  withClientType,
  type OidcFormValues,
} from './oidcForm';
import { Columns, Fields, Form, Note, SaveBar, Section, SwitchField } from './parts';
import { CLIENT_TYPES, useSaveOidc, type ClientType, type OidcSettings } from './queries';
import { ValueListEditor } from './ValueListEditor';

/** The texts typed into the list editors but not added yet (the save adds them). */
interface PendingEntries {
  redirectUris: string;
  postLogoutRedirectUris: string;
  apiScopes: string;
}
const NO_PENDING: PendingEntries = { redirectUris: '', postLogoutRedirectUris: '', apiScopes: '' };
const PENDING_FIELDS = {
  redirectUris: 'redirect_uris',
  postLogoutRedirectUris: 'post_logout_redirect_uris',
  apiScopes: 'api_scopes',
} as const;

/**
 * The client's settings. Fields follow the chosen type: machine-to-machine has no redirects,
 * only confidential clients choose how they authenticate, a JWKS URI only for private_key_jwt.
 */
export function ClientForm({
  applicationId,
  saved,
  initialType,
  readOnly,
  onSaved,
  onCancelSetup,
}: {
  applicationId: string;
  saved: OidcSettings;
  /** Set while a new client is being set up: the type chosen in the empty state. */
  initialType: ClientType | null;
  readOnly: boolean;
  onSaved(): void;
  onCancelSetup(): void;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useFailureToast();
  const save = useSaveOidc(applicationId);
  const [values, setValues] = useState<OidcFormValues>(() =>
    initialType ? withClientType(formValuesOf(saved), initialType) : formValuesOf(saved),
  );
  const change = (patch: Partial<OidcFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const [pending, setPending] = useState<PendingEntries>(NO_PENDING);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const type = values.clientType;
  const rules = type ? TYPE_RULES[type] : null;
  const settingUp = saved.client_type === null;

  /** The form with what is typed in the list fields added, or the reason one cannot be. */
  const withPending = (): { values: OidcFormValues; problems: Record<string, string> } => {
    const next = { ...values };
    const problems: Record<string, string> = {};
    for (const key of Object.keys(PENDING_FIELDS) as (keyof PendingEntries)[]) {
      const typed = pending[key].trim();
      if (!typed || next[key].includes(typed)) continue;
      const problem =
        key === 'apiScopes'
          ? scopeProblem(typed)
          : uriProblem(typed, type === 'native' ? 'native' : 'redirect');
      if (problem) problems[PENDING_FIELDS[key]] = t(problem);
      else next[key] = [...next[key], typed];
    }
    return { values: next, problems };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = withPending();
    const problems = {
      ...Object.fromEntries(Object.entries(localProblems(typed.values)).map(([path, key]) => [path, t(key)])),
      ...typed.problems,
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFormError(t('oidc.invalid.summary'));
      return;
    }
    setFormError(null);
    setValues(typed.values);
    setPending(NO_PENDING);
    const oidc = changedOidcOf(typed.values, saved);
    if (!oidc) {
      toast({ title: t('oidc.nothingChanged') });
      return;
    }
    save.mutate(oidc, {
      onSuccess: () => {
        toast({ title: t('oidc.saved'), description: t('oidc.savedText'), variant: 'success' });
        onSaved();
      },
      onError: (failure) => {
        const fields = fieldErrorsOf(failure);
        // Taken by another application of the project: a 409 that concerns one field.
        if (failure instanceof ApiError && failure.code === 'api_identifier_taken')
          fields['api_identifier'] = describeError(failure, t);
        setErrors(fields);
        setFormError(Object.keys(fields).length > 0 ? t('oidc.invalid.summary') : describeError(failure, t));
        fail('oidc.saveFailed', failure);
      },
    });
  };

  const dirty =
    settingUp ||
    Object.values(pending).some((text) => text.trim() !== '') ||
    changedOidcOf(values, saved) !== null;
  const confidential = isConfidential(type);
  const nativeScheme = type === 'native';
  const uriCheck = (value: string) => uriProblem(value, nativeScheme ? 'native' : 'redirect');

  return (
    <Form onSubmit={submit} noValidate aria-label={t('oidc.formLabel')}>
      {readOnly ? <Note>{t('oidc.adminOnly')}</Note> : null}
      <Fields disabled={readOnly}>
        <Section aria-labelledby="oidc-type">
          <h2 id="oidc-type">{t('oidc.type.title')}</h2>
          <ChoiceGroup
            legend={t('oidc.type.legend')}
            type="radio"
            options={CLIENT_TYPES.map((clientType) => ({
              value: clientType,
              label: t(`oidc.type.${clientType}`),
              description: t(`oidc.type.${clientType}.text`),
            }))}
            selected={type ? [type] : []}
            onChange={([clientType]) =>
              clientType && setValues((current) => withClientType(current, clientType))
            }
            error={errors['client_type']}
          />
        </Section>

        {rules?.redirects ? (
          <Section aria-labelledby="oidc-redirects">
            <h2 id="oidc-redirects">{t('oidc.redirects.title')}</h2>
            <p>{t('oidc.redirects.text')}</p>
            <ValueListEditor
              field="redirect_uris"
              legend={t('oidc.redirectUris.legend')}
              hint={t(nativeScheme ? 'oidc.redirectUris.hintNative' : 'oidc.redirectUris.hint')}
              inputLabel={t('oidc.redirectUris.new')}
              placeholder={nativeScheme ? 'com.example.app:/callback' : 'https://shop.example.com/callback'}
              emptyText={t('oidc.redirectUris.none')}
              values={values.redirectUris}
              onChange={(redirectUris) => change({ redirectUris })}
              validate={uriCheck}
              errors={errors}
              pending={pending.redirectUris}
              onPendingChange={(redirectUris) => setPending((current) => ({ ...current, redirectUris }))}
            />
            <ValueListEditor
              field="post_logout_redirect_uris"
              legend={t('oidc.postLogout.legend')}
              hint={t('oidc.postLogout.hint')}
              inputLabel={t('oidc.postLogout.new')}
              placeholder={nativeScheme ? 'com.example.app:/signed-out' : 'https://shop.example.com/'}
              emptyText={t('oidc.postLogout.none')}
              values={values.postLogoutRedirectUris}
              onChange={(postLogoutRedirectUris) => change({ postLogoutRedirectUris })}
              validate={uriCheck}
              errors={errors}
              pending={pending.postLogoutRedirectUris}
              onPendingChange={(postLogoutRedirectUris) =>
                setPending((current) => ({ ...current, postLogoutRedirectUris }))
              }
            />
            <InputField
              label={t('oidc.backchannel')}
              hint={t('oidc.backchannel.hint')}
              error={errors['backchannel_logout_uri']}
              type="url"
              inputMode="url"
              spellCheck={false}
              placeholder="https://shop.example.com/backchannel-logout"
              value={values.backchannelLogoutUri}
              onChange={(event) => change({ backchannelLogoutUri: event.target.value })}
            />
          </Section>
        ) : null}

        {rules ? (
          <Section aria-labelledby="oidc-access">
            <h2 id="oidc-access">{t('oidc.access.title')}</h2>
            <ChoiceGroup
              legend={t('oidc.grants.legend')}
              type="checkbox"
              options={rules.grants.map((grant) => ({
                value: grant,
                label: t(`oidc.grant.${grant}`),
                description: t(`oidc.grant.${grant}.text`),
              }))}
              selected={values.grantTypes}
              onChange={(grantTypes) => change({ grantTypes })}
              error={errors['grant_types']}
            />
            {type !== 'm2m' ? (
              <SwitchField
                label={t('oidc.firstParty')}
                hint={t('oidc.firstParty.hint')}
                checked={values.firstParty}
                onChange={(firstParty) => change({ firstParty })}
              />
            ) : null}
            {confidential ? (
              <Columns>
                <SelectField
                  label={t('oidc.authMethod')}
                  value={values.authMethod}
                  aria-invalid={Boolean(errors['token_endpoint_auth_method'])}
                  options={rules.authMethods.map((method) => ({
                    value: method,
                    label: t(`oidc.authMethod.${method}`),
                  }))}
                  onChange={(event) =>
                    change({ authMethod: event.target.value as OidcFormValues['authMethod'] })
                  }
                />
                {values.authMethod === 'private_key_jwt' ? (
                  <InputField
                    label={t('oidc.jwksUri')}
                    hint={t('oidc.jwksUri.hint')}
                    error={errors['jwks_uri']}
                    type="url"
                    inputMode="url"
                    spellCheck={false}
                    placeholder="https://shop.example.com/.well-known/jwks.json"
                    value={values.jwksUri}
                    onChange={(event) => change({ jwksUri: event.target.value })}
                  />
                ) : null}
              </Columns>
            ) : null}
            <Columns>
              <DurationField
                label={t('oidc.accessTtl')}
                hint={t('oidc.accessTtl.hint')}
                error={errors['access_token_ttl_s']}
                value={values.accessTokenTtl}
                onChange={(accessTokenTtl) => change({ accessTokenTtl })}
              />
              {values.grantTypes.includes('refresh_token') ? (
                <DurationField
                  label={t('oidc.refreshTtl')}
                  hint={t('oidc.refreshTtl.hint')}
                  error={errors['refresh_token_ttl_s']}
                  value={values.refreshTokenTtl}
                  onChange={(refreshTokenTtl) => change({ refreshTokenTtl })}
                />
              ) : null}
            </Columns>
          </Section>
        ) : null}

        {rules ? (
          <Section aria-labelledby="oidc-api">
            <h2 id="oidc-api">{t('oidc.api.title')}</h2>
            <p>{t('oidc.api.text')}</p>
            <InputField
              label={t('oidc.apiIdentifier')}
              hint={t('oidc.apiIdentifier.hint')}
              error={errors['api_identifier']}
              spellCheck={false}
              autoComplete="off"
              placeholder="https://api.shop.example"
              value={values.apiIdentifier}
              onChange={(event) => change({ apiIdentifier: event.target.value })}
              onBlur={() => {
                const problem = identifierProblem(values.apiIdentifier);
                setErrors((current) => {
                  const { api_identifier: _previous, ...rest } = current;
                  return problem ? { ...rest, api_identifier: t(problem) } : rest;
                });
              }}
            />
            <ValueListEditor
              field="api_scopes"
              legend={t('oidc.apiScopes.legend')}
              hint={t('oidc.apiScopes.hint')}
              inputLabel={t('oidc.apiScopes.new')}
              placeholder="invoice:read"
              emptyText={t('oidc.apiScopes.none')}
              values={values.apiScopes}
              onChange={(apiScopes) => change({ apiScopes })}
              validate={scopeProblem}
              errors={errors}
              pending={pending.apiScopes}
              onPendingChange={(apiScopes) => setPending((current) => ({ ...current, apiScopes }))}
              chipStyle
            />
          </Section>
        ) : null}
      </Fields>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {readOnly ? null : (
        <SaveBar $floating={dirty}>
          {dirty ? <span>{t('oidc.unsaved')}</span> : null}
          {settingUp ? (
            <Button type="button" $variant="secondary" onClick={onCancelSetup}>
              {t('oidc.setup.cancel')}
            </Button>
          ) : null}
          <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
            {save.isPending ? t('tenancy.saving') : t('oidc.save')}
          </Button>
        </SaveBar>
      )}
    </Form>
  );
}
