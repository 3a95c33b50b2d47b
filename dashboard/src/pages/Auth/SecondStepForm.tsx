import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { describeError } from '../../api/errors';
import { normalizeTotpCode, OneTimeCodeField } from '../../components/auth/OneTimeCodeField';
import { useT } from '../../i18n/useT';
import { completeMfaChallenge, type PasswordSignIn } from '../../stores/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { useToast } from '../../ui/useToast';
import { Form, TextButton } from './Form';
import { useAuthFailure } from './useAuthFailure';

export type SecondStep = Extract<PasswordSignIn, { kind: 'mfaRequired' }>;

/**
 * The second sign-in step of an account with two-factor: the code from the authenticator app,
 * or a recovery code, or (when the account has one) a passkey. An expired or used step sends the
 * user back to step one with `onExpired`'s message; other failures stay here.
 */
export function SecondStepForm({
  step,
  onBack,
  onExpired,
  answerWithPasskey,
  answer: sendAnswer = completeMfaChallenge,
}: {
  step: SecondStep;
  onBack(): void;
  /** The step's mfa_token is no longer valid: back to the password, saying why. */
  onExpired(message: string): void;
  /** Answers the step with a passkey (resolves once the session has started); absent: no button. */
  answerWithPasskey?(mfaToken: string): Promise<void>;
  /**
   * Sends a code or recovery code and starts the session; the dashboard's own sign-in unless
   * given (a hosted page answers through the embedding API).
   */
  answer?(mfaToken: string, answer: { code: string } | { recovery_code: string }): Promise<void>;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useAuthFailure('auth.mfa.failed');
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const introId = useId();
  const form = useRef<HTMLFormElement>(null);
  const focusInput = () => form.current?.querySelector<HTMLInputElement>('input')?.focus();
  const withPasskey = step.methods.includes('webauthn') && answerWithPasskey !== undefined;
  const withCode = step.methods.includes('totp');

  // The field replaces the password form (or the other field): put the cursor where typing goes.
  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [mode]);

  const onFailure = (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === 'invalid_mfa_token') {
      onExpired(describeError(failure, t));
      return;
    }
    setError(fail(failure));
    setValue('');
    focusInput();
  };
  const onSignedIn = () =>
    toast({ title: t('auth.signedIn'), description: t('auth.signedInText'), variant: 'success' });

  const submitAnswer = useMutation({
    mutationFn: (answer: { code: string } | { recovery_code: string }) => sendAnswer(step.mfaToken, answer),
    onSuccess: onSignedIn,
    onError: onFailure,
  });
  const passkey = useMutation({
    mutationFn: () => answerWithPasskey!(step.mfaToken),
    onSuccess: onSignedIn,
    onError: onFailure,
  });
  const pending = submitAnswer.isPending || passkey.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mode === 'code') {
      const code = normalizeTotpCode(value);
      if (!code) {
        setError(t('security.codeRequired'));
        focusInput();
        return;
      }
      setError(null);
      submitAnswer.mutate({ code });
      return;
    }
    if (!value.trim()) {
      setError(t('auth.mfa.recoveryRequired'));
      focusInput();
      return;
    }
    setError(null);
    submitAnswer.mutate({ recovery_code: value.trim() });
  };

  const switchMode = () => {
    setMode((current) => (current === 'code' ? 'recovery' : 'code'));
    setValue('');
    setError(null);
  };

  return (
    <Form ref={form} onSubmit={submit} noValidate aria-labelledby={titleId} aria-describedby={introId}>
      <div>
        <h2 id={titleId}>{t('auth.mfa.title')}</h2>
        <p id={introId}>
          {!withCode
            ? t('auth.mfa.introPasskey')
            : mode === 'code'
              ? t('auth.mfa.intro')
              : t('auth.mfa.introRecovery')}
        </p>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {withCode ? (
        <>
          {mode === 'code' ? (
            <OneTimeCodeField
              key="code"
              value={value}
              onValueChange={setValue}
              aria-invalid={error ? true : undefined}
              required
            />
          ) : (
            <TextField
              key="recovery"
              label={t('auth.mfa.recoveryCode')}
              name="recovery_code"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              aria-invalid={error ? true : undefined}
              required
            />
          )}
          <Button type="submit" $block disabled={pending}>
            {submitAnswer.isPending ? t('auth.mfa.submitting') : t('auth.mfa.submit')}
          </Button>
          <TextButton type="button" onClick={switchMode}>
            {mode === 'code' ? t('auth.mfa.useRecovery') : t('auth.mfa.useCode')}
          </TextButton>
        </>
      ) : null}
      {withPasskey ? (
        <Button
          type="button"
          $variant={withCode ? 'secondary' : 'primary'}
          $block
          disabled={pending}
          onClick={() => {
            setError(null);
            passkey.mutate();
          }}
        >
          {t('auth.mfa.usePasskey')}
        </Button>
      ) : null}
      <TextButton type="button" onClick={onBack}>
        {t('auth.mfa.back')}
      </TextButton>
    </Form>
  );
}
