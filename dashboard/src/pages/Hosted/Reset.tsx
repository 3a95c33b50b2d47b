import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmailField } from '../Auth/CredentialFields';
import { Form } from '../Auth/Form';
import { ResetPasswordForm } from '../Auth/ResetPasswordForm';
import { useAuthFailure } from '../Auth/useAuthFailure';
import { useHosted, useHostedTitle } from './context';
import { HostedCard, HostedPanel, LinkRow } from './parts';

/** "Passwort vergessen?": the address; the server answers the same whether or not it is known. */
function RequestResetLink() {
  const t = useT();
  const { embedding, pathTo } = useHosted();
  const fail = useAuthFailure('auth.resetFailed');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (address: string) => embedding.requestPasswordReset(address),
    onError: (failure) => setError(fail(failure)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(t('auth.emailRequiredText'));
      return;
    }
    setError(null);
    request.mutate(email.trim());
  };
  const back = (
    <LinkRow>
      <Link to={pathTo('sign-in')}>{t('auth.reset.back')}</Link>
    </LinkRow>
  );

  if (request.isSuccess) {
    return (
      <HostedCard title={t('auth.forgot.sent')} focusTitle>
        <p>{t('hosted.reset.sentText', { email: request.variables })}</p>
        <p>{t('confirmation.spam')}</p>
        {back}
      </HostedCard>
    );
  }
  return (
    <HostedCard title={t('auth.forgot.title')} intro={t('auth.forgot.text')}>
      <Form onSubmit={submit} noValidate aria-label={t('auth.forgot.title')}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <EmailField value={email} onValueChange={setEmail} />
        <Button type="submit" $block disabled={request.isPending}>
          {request.isPending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
        </Button>
      </Form>
      {back}
    </HostedCard>
  );
}

/**
 * `/p/{project}/reset`: asks for a reset link by mail, or — with the mail's `?token=` — sets the
 * new password with the dashboard's reset form (the pool's minimum length; back to this pool's
 * sign-in, and this tab's session of the pool is forgotten, as the server ended it).
 */
export default function HostedReset() {
  const t = useT();
  const [params] = useSearchParams();
  const { info, sessions, pathTo } = useHosted();
  const token = params.get('token');
  useHostedTitle(t(token ? 'auth.reset.title' : 'auth.forgot.title'));
  if (!token) return <RequestResetLink />;
  return (
    <HostedPanel>
      <ResetPasswordForm
        token={token}
        signInPath={pathTo('sign-in')}
        onReset={() => sessions.clear()}
        minLength={info.password_min_length}
      />
    </HostedPanel>
  );
}
