import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError, sessionApi, unwrap } from '../../api/client';
import { ResendConfirmationButton } from '../../components/auth/ResendConfirmation';
import { useT } from '../../i18n/useT';
import { startSession } from '../../stores/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/useToast';
import { AuthPasswordField, EmailField } from './CredentialFields';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { Form } from './Form';
import { useAuthFailure } from './useAuthFailure';

/** Anmelden: e-mail and password; on success the page moves on to where the user wanted to go. */
export function SignInForm() {
  const t = useT();
  const toast = useToast();
  const fail = useAuthFailure('auth.signInFailed');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The address the server called unconfirmed: the form then offers to resend its link. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: async () => {
      const answer = unwrap(
        await sessionApi.POST('/api/v1/auth/login', { body: { email: email.trim(), password } }),
      );
      // The second sign-in step (POST /auth/mfa/challenge) has no screen here yet (issue #17).
      if ('mfa_required' in answer)
        throw new ApiError(200, 'mfa_required', 'Two-factor sign-in is not available in the dashboard yet.');
      await startSession(answer);
    },
    onSuccess: () =>
      toast({ title: t('auth.signedIn'), description: t('auth.signedInText'), variant: 'success' }),
    onError: (failure) => {
      setError(fail(failure));
      const notConfirmed = failure instanceof ApiError && failure.code === 'email_not_confirmed';
      setUnconfirmed(notConfirmed ? email.trim() : null);
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
    <Form onSubmit={submit} noValidate aria-label={t('auth.tab.signIn')}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {unconfirmed ? <ResendConfirmationButton email={unconfirmed} /> : null}
      <EmailField value={email} onValueChange={setEmail} />
      <AuthPasswordField
        label="auth.password"
        name="password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <ForgotPasswordDialog initialEmail={email} />
      <Button type="submit" $block disabled={signIn.isPending}>
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </Form>
  );
}
