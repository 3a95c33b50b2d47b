import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client';
import { passkeysSupported, signInWithPasskey } from '../../components/auth/passkeys';
import { ResendConfirmationButton } from '../../components/auth/ResendConfirmation';
import { useT } from '../../i18n/useT';
import { signInWithPassword } from '../../stores/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/useToast';
import { AuthPasswordField, EmailField } from './CredentialFields';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { Form } from './Form';
import type { SecondStep } from './SecondStepForm';
import { useAuthFailure } from './useAuthFailure';

/**
 * Anmelden: e-mail and password; on success the page moves on to where the user wanted to go.
 * An account with two-factor is handed to the second step (`onSecondStep`) instead. `notice`
 * says why the user is back here (the second step expired).
 */
export function SignInForm({
  onSecondStep,
  notice,
}: {
  onSecondStep(step: SecondStep): void;
  notice?: string | null;
}) {
  const t = useT();
  const toast = useToast();
  const fail = useAuthFailure('auth.signInFailed');
  const passkeyFail = useAuthFailure('auth.passkey.failed');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  /** The address the server called unconfirmed: the form then offers to resend its link. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);

  const signIn = useMutation({
    mutationFn: () => signInWithPassword(email.trim(), password),
    onSuccess: (result) => {
      if (result.kind === 'mfaRequired') {
        setPassword('');
        onSecondStep(result);
        return;
      }
      toast({ title: t('auth.signedIn'), description: t('auth.signedInText'), variant: 'success' });
    },
    onError: (failure) => {
      setError(fail(failure));
      const notConfirmed = failure instanceof ApiError && failure.code === 'email_not_confirmed';
      setUnconfirmed(notConfirmed ? email.trim() : null);
    },
  });

  // Passwordless: the browser offers the account's passkeys; no e-mail or password needed.
  const passkey = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: () =>
      toast({ title: t('auth.signedIn'), description: t('auth.signedInText'), variant: 'success' }),
    onError: (failure) => setError(passkeyFail(failure)),
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
      {error ? <Alert tone="error">{error}</Alert> : notice ? <Alert tone="error">{notice}</Alert> : null}
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
      <Button type="submit" $block disabled={signIn.isPending || passkey.isPending}>
        {signIn.isPending ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
      {passkeysSupported() ? (
        <Button
          type="button"
          $variant="secondary"
          $block
          disabled={signIn.isPending || passkey.isPending}
          onClick={() => {
            setError(null);
            setUnconfirmed(null);
            passkey.mutate();
          }}
        >
          <KeyRound aria-hidden="true" size={16} />
          {t('auth.passkey.signIn')}
        </Button>
      ) : null}
    </Form>
  );
}
