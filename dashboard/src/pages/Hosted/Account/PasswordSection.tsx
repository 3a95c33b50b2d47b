import { useMutation } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { unwrap } from '../../../api/client';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { useToast } from '../../../ui/useToast';
import { AuthPasswordField, NewPasswordFields, useNewPassword } from '../../Auth/CredentialFields';
import { useAuthFailure } from '../../Auth/useAuthFailure';
import { newPasswordProblem } from '../../Auth/validation';
import { Actions, Muted, SecuritySection } from '../../Security/SecuritySection';
import { useHosted } from '../context';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  max-width: 28rem;
`;

/**
 * A new password, with the current one (PATCH /auth/me checks it like a sign-in). The server
 * ends the account's other sessions; this one stays.
 */
export function PasswordSection() {
  const t = useT();
  const toast = useToast();
  const { info, sessions } = useHosted();
  const fail = useAuthFailure('hosted.account.password.failed');
  const [current, setCurrent] = useState('');
  const newPassword = useNewPassword();
  const { password, confirmation, onPasswordChange, onConfirmationChange } = newPassword;
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const change = useMutation({
    mutationFn: async () =>
      unwrap(
        await sessions.client.api.PATCH('/api/v1/auth/me', {
          body: { current_password: current, password },
        }),
      ),
    onSuccess: () => {
      setCurrent('');
      onPasswordChange('');
      onConfirmationChange('');
      setDone(true);
      toast({ title: t('auth.reset.done'), variant: 'success' });
    },
    onError: (failure) => setError(fail(failure)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const problem = !current
      ? t('hosted.account.password.currentRequired')
      : newPasswordProblem(password, confirmation, t, info.password_min_length);
    setError(problem);
    if (!problem) change.mutate();
  };

  return (
    <SecuritySection
      icon={<LockKeyhole aria-hidden="true" size={20} />}
      title={t('hosted.account.password.title')}
    >
      <Muted>{t('hosted.account.password.intro', { min: String(info.password_min_length) })}</Muted>
      <Form onSubmit={submit} noValidate aria-label={t('hosted.account.password.title')}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {done ? <Alert tone="success">{t('hosted.account.password.doneText')}</Alert> : null}
        <AuthPasswordField
          label="hosted.account.password.current"
          name="current-password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
        <NewPasswordFields passwordLabel="auth.reset.newPassword" {...newPassword} />
        <Actions>
          <Button type="submit" disabled={change.isPending}>
            {change.isPending ? t('hosted.account.saving') : t('auth.reset.submit')}
          </Button>
        </Actions>
      </Form>
    </SecuritySection>
  );
}
