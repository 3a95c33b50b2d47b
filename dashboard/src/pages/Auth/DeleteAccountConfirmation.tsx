import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { sessionApi, unwrap } from '../../api/client';
import { useT } from '../../i18n/useT';
import { clearSession, useSessionStore } from '../../stores/session';
import { Alert } from '../../ui/Alert';
import { ButtonRouterLink, DangerButton } from '../../ui/Button';
import { Form } from './Form';
import { useAuthFailure } from './useAuthFailure';

function forgetDashboardSession(): void {
  if (useSessionStore.getState().session) clearSession();
}

/**
 * `/auth?mode=delete-account&token=…`: the last step of deleting an account that has no password.
 * The mailed link only opens this page; deleting takes a deliberate click, so a mail scanner that
 * follows links deletes nothing (a project's end user gets the same on the hosted account page). The token goes in the body (POST /auth/me/deletion), never in a
 * request URL that a log could keep. No session is needed: the mail may be opened on another device.
 */
export function DeleteAccountConfirmation({
  token,
  onDeleted = forgetDashboardSession,
  home,
}: {
  token: string | null;
  /** Forgets this browser's session of the account (the dashboard's unless given). */
  onDeleted?(): void;
  /** Where "done" leads (the start page unless given, e.g. a hosted page's sign-in). */
  home?: { to: string; label: string };
}) {
  const t = useT();
  const fail = useAuthFailure('auth.deleteAccount.failed');
  const [error, setError] = useState<string | null>(token ? null : t('error.invalid_deletion_token'));

  const deletion = useMutation({
    mutationFn: async () => {
      const result = await sessionApi.POST('/api/v1/auth/me/deletion', { body: { token: token ?? '' } });
      if (!result.response.ok) unwrap(result); // 204: no body
    },
    // Every session of the account ended with it, this browser's included.
    onSuccess: () => onDeleted(),
    onError: (failure) => setError(fail(failure)),
  });

  if (deletion.isSuccess) {
    return (
      <div>
        <h1>{t('auth.deleteAccount.doneTitle')}</h1>
        <Alert tone="success">{t('auth.deleteAccount.done')}</Alert>
        <p>
          <ButtonRouterLink to={home?.to ?? '/'} $variant="secondary">
            {home?.label ?? t('auth.deleteAccount.home')}
          </ButtonRouterLink>
        </p>
      </div>
    );
  }
  return (
    <Form
      aria-labelledby="delete-account-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (token) deletion.mutate();
      }}
    >
      <div>
        <h1 id="delete-account-title">{t('auth.deleteAccount.title')}</h1>
        <p>{t('auth.deleteAccount.text')}</p>
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <DangerButton type="submit" $block disabled={!token || deletion.isPending}>
        {deletion.isPending ? t('auth.deleteAccount.deleting') : t('auth.deleteAccount.submit')}
      </DangerButton>
    </Form>
  );
}
