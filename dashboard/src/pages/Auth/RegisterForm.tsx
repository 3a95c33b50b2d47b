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
import { newPasswordProblem, PASSWORD_MIN_LENGTH } from './validation';

export interface Registration {
  email: string;
  password: string;
  display_name?: string;
}

/** The dashboard's own registration (a platform account). */
async function registerOnPlatform(registration: Registration): Promise<unknown> {
  return unwrap(await sessionApi.POST('/api/v1/auth/register', { body: registration }));
}

/**
 * Registrieren: optional display name, e-mail, password twice; success leads to
 * /email-confirmation. A project's hosted sign-up page sends it elsewhere (`register`), goes on
 * its own way (`onRegistered`) and asks for its pool's minimum length.
 */
export function RegisterForm<Answer = unknown>({
  register: send = registerOnPlatform as (registration: Registration) => Promise<Answer>,
  onRegistered,
  minLength = PASSWORD_MIN_LENGTH,
}: {
  register?(registration: Registration): Promise<Answer>;
  onRegistered?(registration: Registration, answer: Answer): void;
  minLength?: number;
} = {}) {
  const t = useT();
  const navigate = useNavigate();
  const fail = useAuthFailure('auth.registerFailed');
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const { password, confirmation } = newPassword;
  const [error, setError] = useState<string | null>(null);

  const register = useMutation({
    mutationFn: async (registration: Registration) => ({ registration, answer: await send(registration) }),
    onSuccess: ({ registration, answer }) => {
      if (onRegistered) onRegistered(registration, answer);
      else void navigate('/email-confirmation', { state: { email: registration.email } });
    },
    onError: (failure) => setError(fail(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem =
      !email.trim() || !password
        ? t('auth.credentialsRequired')
        : newPasswordProblem(password, confirmation, t, minLength);
    setError(problem);
    const name = displayName.trim();
    if (!problem) register.mutate({ email: email.trim(), password, ...(name ? { display_name: name } : {}) });
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
