import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { sessionApi, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { clearSession, useSessionStore } from '../../stores/session';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/useToast';
import { NewPasswordFields, useNewPassword } from './CredentialFields';
import { Form } from './Form';
import { ResetFactorList } from './ResetFactorList';
import { useAuthFailure } from './useAuthFailure';
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from './validation';

/** SPEC §4/§9: after a successful reset the user is taken back to sign-in two seconds later. */
export const RETURN_TO_SIGN_IN_MS = 2000;

/** The server ended every session of the account: forget the dashboard's, if this browser has one. */
function forgetDashboardSession(): void {
  if (useSessionStore.getState().session) clearSession();
}

/**
 * The set-new-password screen reached from the reset mail (`/auth?mode=reset&token=…`). A
 * project's hosted reset page shows it too, with its own way back to sign-in (`signInPath`), its
 * own session to forget (`onReset`) and its pool's minimum length.
 */
export function ResetPasswordForm({
  token,
  signInPath = '/auth',
  onReset = forgetDashboardSession,
  minLength = PASSWORD_MIN_LENGTH,
}: {
  token: string | null;
  signInPath?: string;
  onReset?(): void;
  minLength?: number;
}) {
  const t = useT();
  const toast = useToast();
  const navigate = useNavigate();
  const fail = useAuthFailure('auth.resetFailed');
  const newPassword = useNewPassword();
  const { password, confirmation } = newPassword;
  const [error, setError] = useState<string | null>(token ? null : t('error.invalid_reset_token'));
  // Recent factors the person ticked: the reset removes the other recent ones (keep_factors).
  const [keep, setKeep] = useState<string[]>([]);

  const reset = useMutation({
    mutationFn: async () =>
      unwrap(
        await sessionApi.POST('/api/v1/password-reset', {
          body: {
            action: 'reset',
            token: token ?? '',
            new_password: password,
            // Only when something is kept: without it the reset removes every recent factor.
            ...(keep.length > 0 ? { keep_factors: keep } : {}),
          },
        }),
      ),
    onSuccess: () => {
      // The server ends every session of the account on reset, this browser's included.
      onReset();
      toast({ title: t('auth.reset.done'), description: t('auth.reset.doneText'), variant: 'success' });
    },
    onError: (failure) => setError(fail(failure)),
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(() => navigate(signInPath, { replace: true }), RETURN_TO_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate, signInPath]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!token) {
      setError(t('error.invalid_reset_token'));
      toast({
        title: t('auth.resetFailed'),
        description: t('error.invalid_reset_token'),
        variant: 'destructive',
      });
      return;
    }
    const problem = newPasswordProblem(password, confirmation, t, minLength);
    setError(problem);
    if (!problem) reset.mutate();
  };

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="reset-title">
      <div>
        <h1 id="reset-title">{t('auth.reset.title')}</h1>
        <p>{t('auth.reset.text', { min: String(minLength) })}</p>
      </div>
      {reset.isSuccess ? <Alert tone="success">{t('auth.reset.done')}</Alert> : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {token && !reset.isSuccess ? (
        <ResetFactorList token={token} keep={keep} onKeepChange={setKeep} />
      ) : null}
      <NewPasswordFields passwordLabel="auth.reset.newPassword" {...newPassword} disabled={reset.isSuccess} />
      <Button type="submit" $block disabled={reset.isPending || reset.isSuccess}>
        {reset.isPending ? t('auth.reset.saving') : t('auth.reset.submit')}
      </Button>
      <Link to={signInPath}>{t('auth.reset.back')}</Link>
    </Form>
  );
}
