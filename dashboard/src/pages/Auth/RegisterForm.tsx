import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { sessionApi, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { EmailField, NewPasswordFields, useNewPassword } from './CredentialFields';
import { Form } from './Form';
import { useAuthFailure } from './useAuthFailure';
import { newPasswordProblem } from './validation';

/** Registrieren: optional display name, e-mail, password twice; success leads to /email-confirmation. */
export function RegisterForm() {
  const t = useT();
  const navigate = useNavigate();
  const fail = useAuthFailure('auth.registerFailed');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const { password, confirmation } = newPassword;
  const [error, setError] = useState<string | null>(null);

  const register = useMutation({
    mutationFn: async () => {
      const name = displayName.trim();
      return unwrap(
        await sessionApi.POST('/api/v1/auth/register', {
          body: { email: email.trim(), password, ...(name ? { display_name: name } : {}) },
        }),
      );
    },
    onSuccess: () => navigate('/email-confirmation', { state: { email: email.trim() } }),
    onError: (failure) => setError(fail(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      !email.trim() || !password ? 'auth.credentialsRequired' : newPasswordProblem(password, confirmation);
    setError(problem ? t(problem) : null);
    if (!problem) register.mutate();
  };

  return (
    <Form onSubmit={submit} noValidate aria-label={t('auth.tab.register')}>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        label={t('auth.displayName')}
        name="display_name"
        autoComplete="nickname"
        value={displayName}
        onChange={(event) => setDisplayName(event.target.value)}
      />
      <EmailField value={email} onValueChange={setEmail} />
      <NewPasswordFields passwordLabel="auth.password" {...newPassword} />
      <Button type="submit" $block disabled={register.isPending}>
        {register.isPending ? t('auth.registering') : t('auth.register')}
      </Button>
    </Form>
  );
}
