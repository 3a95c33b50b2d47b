import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { sessionApi, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PasswordField, TextField } from '../../ui/Field';
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
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
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
    if (!email.trim() || !password) {
      setError(t('auth.credentialsRequired'));
      return;
    }
    const problem = newPasswordProblem(password, confirmation);
    if (problem) {
      setError(t(problem));
      return;
    }
    setError(null);
    register.mutate();
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
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      <PasswordField
        label={t('auth.password')}
        toggleLabel={t('auth.showPassword')}
        name="new-password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        toggleLabel={t('auth.showPassword')}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        required
      />
      <Button type="submit" $block disabled={register.isPending}>
        {register.isPending ? t('auth.registering') : t('auth.register')}
      </Button>
    </Form>
  );
}
