import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { ResendConfirmationButton } from '../../../components/auth/ResendConfirmation';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { AuthPasswordField, EmailField } from '../../Auth/CredentialFields';
import { Form } from '../../Auth/Form';
import { useAuthFailure } from '../../Auth/useAuthFailure';
import type { SignInAnswer } from '../api';
import { useHosted } from '../context';

/**
 * E-mail and password (when the pool offers passwords). The answer — a session or the second
 * step — goes to `onAnswer`; `notice` says why the person is back here (the second step expired).
 */
export function PasswordForm({
  email,
  onEmailChange,
  onAnswer,
  notice,
}: {
  email: string;
  onEmailChange(email: string): void;
  onAnswer(answer: SignInAnswer): Promise<void>;
  notice: string | null;
}) {
  const t = useT();
  const { embedding, pathTo } = useHosted();
  const fail = useAuthFailure('auth.signInFailed');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The address the server called unconfirmed: the form then offers to resend its link. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: async () => onAnswer(await embedding.login({ email: email.trim(), password })),
    onSuccess: () => setPassword(''),
    onError: (failure) => {
      setError(fail(failure));
      setUnconfirmed(
        failure instanceof ApiError && failure.code === 'email_not_confirmed' ? email.trim() : null,
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('auth.credentialsRequired'));
      return;
    }
    setError(null);
    setUnconfirmed(null);
    signIn.mutate();
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={t('hosted.signIn.passwordForm')}>
      {error ? <Alert tone="error">{error}</Alert> : notice ? <Alert tone="error">{notice}</Alert> : null}
      {unconfirmed ? (
        <ResendConfirmationButton email={unconfirmed} request={embedding.resendConfirmation} />
      ) : null}
      <EmailField value={email} onValueChange={onEmailChange} />
      <AuthPasswordField
        label="auth.password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <Link to={pathTo('reset')}>{t('auth.forgot')}</Link>
      <Button type="submit" $block disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </Form>
  );
}
