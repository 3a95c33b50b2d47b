import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionApi, unwrap } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { ButtonRouterLink } from '../../ui/Button';

/**
 * `?mode=confirm-email&token=…` (the dashboard's /auth for a team account, a pool's hosted account
 * page for an end user): the page the link to a new e-mail address leads to. It posts the token
 * once on load (in the body, never in a request URL) to POST /auth/me/email/confirm, which needs no
 * session: the mail may be opened on another device. The account's other sessions end with it.
 */
export function EmailChangeConfirmation({
  token,
  onConfirmed,
  home,
}: {
  token: string | null;
  /** Runs with the new address (e.g. to update this browser's copy of the account). */
  onConfirmed?(email: string): void;
  /** Where to go on from here. */
  home: { to: string; label: string };
}) {
  const t = useT();
  const sent = useRef(false);
  const confirmation = useMutation({
    mutationFn: async (value: string) =>
      unwrap(await sessionApi.POST('/api/v1/auth/me/email/confirm', { body: { token: value } })),
    onSuccess: (answer) => onConfirmed?.(answer.email),
  });
  const { mutate } = confirmation;

  useEffect(() => {
    // Once per page, also when React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  const done = confirmation.isSuccess;
  return (
    <div>
      <h1>{t(done ? 'emailChange.confirm.doneTitle' : 'emailChange.confirm.title')}</h1>
      {!token ? (
        <Alert tone="error">
          <strong>{t('emailChange.confirm.failed')}</strong>: {t('emailChange.confirm.noToken')}
        </Alert>
      ) : done ? (
        <Alert tone="success">{t('emailChange.confirm.done', { email: confirmation.data.email })}</Alert>
      ) : confirmation.isError ? (
        <Alert tone="error">
          <strong>{t('emailChange.confirm.failed')}</strong>: {describeError(confirmation.error, t)}
        </Alert>
      ) : (
        <p role="status">{t('emailChange.confirm.pending')}</p>
      )}
      {done || confirmation.isError || !token ? (
        <p>
          <ButtonRouterLink to={home.to} $variant="secondary">
            {home.label}
          </ButtonRouterLink>
        </p>
      ) : null}
    </div>
  );
}
