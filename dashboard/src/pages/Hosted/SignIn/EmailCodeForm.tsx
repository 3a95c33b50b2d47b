import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { normalizeTotpCode, OneTimeCodeField } from '../../../components/auth/OneTimeCodeField';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { EmailField } from '../../Auth/CredentialFields';
import { Form, TextButton } from '../../Auth/Form';
import { useAuthFailure } from '../../Auth/useAuthFailure';
import type { SignInAnswer } from '../api';
import { useHosted } from '../context';

/** Seconds before another code may be asked for (the server limits it too). */
export const EMAIL_CODE_COOLDOWN_S = 30;

function useCountdown(): [number, () => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return [
    left,
    () => {
      setNow(Date.now());
      setUntil(Date.now() + EMAIL_CODE_COOLDOWN_S * 1000);
    },
  ];
}

/**
 * Sign-in with a one-time code by e-mail (when the pool offers it): the address, then the
 * 6-digit code from the mail (10 minutes, a few tries). The server answers the request the same
 * for any address, so the page says "if an account exists". The answer of the code — a session
 * or the second step — goes to `onAnswer`.
 */
export function EmailCodeForm({
  email,
  onEmailChange,
  onAnswer,
  onBack,
  notice,
}: {
  email: string;
  onEmailChange(email: string): void;
  onAnswer(answer: SignInAnswer): Promise<void>;
  /** Why the person is back here (the second step expired). */
  notice: string | null;
  /** Back to the password form; absent when the pool offers no passwords. */
  onBack?(): void;
}) {
  const t = useT();
  const { embedding } = useHosted();
  const requestFailed = useAuthFailure('hosted.code.requestFailed');
  const verifyFailed = useAuthFailure('auth.signInFailed');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [secondsLeft, startCooldown] = useCountdown();
  const codeForm = useRef<HTMLFormElement>(null);

  const request = useMutation({
    mutationFn: (address: string) => embedding.requestEmailCode(address),
    onSuccess: (_answer, address) => {
      setSentTo(address);
      setCode('');
      startCooldown();
    },
    onError: (failure) => setError(requestFailed(failure)),
  });
  const verify = useMutation({
    mutationFn: async (value: string) => onAnswer(await embedding.verifyEmailCode(sentTo ?? '', value)),
    onError: (failure) => {
      setError(verifyFailed(failure));
      setCode('');
      codeForm.current?.querySelector('input')?.focus();
    },
  });

  // The code field replaces the address: the cursor goes where typing continues.
  useEffect(() => {
    if (sentTo) codeForm.current?.querySelector('input')?.focus();
  }, [sentTo]);

  const requestCode = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(t('auth.emailRequiredText'));
      return;
    }
    setError(null);
    request.mutate(email.trim());
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    const value = normalizeTotpCode(code);
    if (!value) {
      setError(t('hosted.code.required'));
      codeForm.current?.querySelector('input')?.focus();
      return;
    }
    setError(null);
    verify.mutate(value);
  };

  const usePassword = onBack ? (
    <TextButton type="button" onClick={onBack}>
      {t('hosted.code.usePassword')}
    </TextButton>
  ) : null;

  if (!sentTo) {
    return (
      <Form onSubmit={requestCode} noValidate aria-label={t('hosted.code.requestForm')}>
        <p>{t('hosted.code.intro')}</p>
        {error ? <Alert tone="error">{error}</Alert> : notice ? <Alert tone="error">{notice}</Alert> : null}
        <EmailField value={email} onValueChange={onEmailChange} />
        <Button type="submit" $block disabled={request.isPending}>
          {request.isPending ? t('hosted.code.sending') : t('hosted.code.send')}
        </Button>
        {usePassword}
      </Form>
    );
  }
  return (
    <Form ref={codeForm} onSubmit={submitCode} noValidate aria-label={t('hosted.code.enterForm')}>
      <Alert tone="success">{t('hosted.code.sent', { email: sentTo })}</Alert>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <OneTimeCodeField
        label={t('hosted.code.label')}
        value={code}
        onValueChange={setCode}
        aria-invalid={error ? true : undefined}
        required
      />
      <Button type="submit" $block disabled={verify.isPending}>
        {verify.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        $block
        disabled={secondsLeft > 0 || request.isPending}
        onClick={() => {
          setError(null);
          request.mutate(sentTo);
        }}
      >
        {secondsLeft > 0
          ? t('hosted.code.resendIn', { seconds: String(secondsLeft) })
          : t('hosted.code.resend')}
      </Button>
      <TextButton
        type="button"
        onClick={() => {
          setSentTo(null);
          setError(null);
        }}
      >
        {t('hosted.code.otherAddress')}
      </TextButton>
      {usePassword}
    </Form>
  );
}
