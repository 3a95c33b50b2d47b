import { useMutation } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { ApiError } from '../../api/client';
import { describeError } from '../../api/errors';
import type { Translate } from '../../i18n/useT';
import { useT } from '../../i18n/useT';
import { PageLoading } from '../../layout/PageLoading';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextButton } from '../Auth/Form';
import {
  leaveInteraction,
  useHosted,
  useHostedTitle,
  useInteractionQuery,
  type Interaction,
} from './context';
import { isInteractionUid } from './hostedRequest';
import { isInteractionGone } from './oidc';
import { HostedCard } from './parts';

/** The provider's refusals in the page's language (its other errors as the catalog says them). */
const INTERACTION_ERRORS = {
  wrong_pool: 'hosted.oidc.error.wrong_pool',
  interaction_account_mismatch: 'hosted.oidc.error.interaction_account_mismatch',
  interaction_prompt_mismatch: 'hosted.oidc.error.interaction_prompt_mismatch',
  issuer_not_found: 'hosted.oidc.error.issuer_not_found',
  interaction_not_found: 'hosted.oidc.expired.text',
} as const;

export function describeInteractionError(error: unknown, t: Translate): string {
  if (error instanceof ApiError && Object.hasOwn(INTERACTION_ERRORS, error.code))
    return t(INTERACTION_ERRORS[error.code as keyof typeof INTERACTION_ERRORS]);
  return describeError(error, t);
}

/** "Diese Anmeldung ist abgelaufen": the provider no longer knows the interaction (or never did). */
export function InteractionExpired() {
  const t = useT();
  useHostedTitle(t('hosted.oidc.expired.title'));
  return (
    <HostedCard title={t('hosted.oidc.expired.title')} focusTitle>
      <Alert tone="error">{t('hosted.oidc.expired.text')}</Alert>
    </HostedCard>
  );
}

/**
 * Pages opened for an OpenID interaction (`?interaction=`) first load what the provider says
 * about it (the client's name, the login hint, whether a fresh sign-in is required); an unknown
 * or expired one is said instead of a form that could not finish. Without `interaction` the
 * page shows as usual.
 */
export function InteractionGate({ children }: { children: ReactNode }) {
  const t = useT();
  const { uid, details } = useInteractionQuery();
  if (!uid) return children;
  if (!isInteractionUid(uid) || isInteractionGone(details.error)) return <InteractionExpired />;
  if (details.isError) {
    return (
      <HostedCard title={t('hosted.oidc.loadFailed')} focusTitle>
        <Alert tone="error">{describeError(details.error, t)}</Alert>
        <div>
          <Button type="button" onClick={() => void details.refetch()}>
            {t('hosted.loadFailed.retry')}
          </Button>
        </div>
      </HostedCard>
    );
  }
  if (!details.data) return <PageLoading message="hosted.oidc.loading" />;
  return children;
}

const CancelRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  padding-top: ${({ theme }) => theme.space(4)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/**
 * "Abbrechen": the relying party gets `access_denied` (POST …/abort) and the browser goes back to
 * it. A failure is said here (an expired interaction in its own words).
 */
export function CancelInteraction({ interaction }: { interaction: Interaction }) {
  const t = useT();
  const { sessions } = useHosted();
  const hintId = useId();
  const app = interaction.details.client.name;
  const abort = useMutation({
    mutationFn: () => interaction.api.abort(),
    // On the consent page after a sign-in for this request, that sign-in's session ends too.
    onSuccess: (answer) => leaveInteraction(sessions, answer),
  });
  return (
    <CancelRow>
      {abort.isError ? (
        <Alert tone="error">
          {isInteractionGone(abort.error)
            ? t('hosted.oidc.expired.text')
            : `${t('hosted.oidc.cancelFailed')}: ${describeInteractionError(abort.error, t)}`}
        </Alert>
      ) : null}
      <TextButton
        type="button"
        aria-describedby={hintId}
        disabled={abort.isPending || abort.isSuccess}
        aria-busy={abort.isPending || undefined}
        onClick={() => abort.mutate()}
      >
        {t('hosted.oidc.cancel')}
      </TextButton>
      <span id={hintId}>{t('hosted.oidc.cancelHint', { app })}</span>
    </CancelRow>
  );
}

/**
 * Signed in, but the provider did not take the sign-in (a failure other than "sign in again"):
 * why, a new try with the same session, and the account page; or cancelling.
 */
export function InteractionFailed({
  interaction,
  error,
  onRetry,
}: {
  interaction: Interaction;
  error: unknown;
  onRetry(): void;
}) {
  const t = useT();
  const { pathTo } = useHosted();
  if (isInteractionGone(error)) return <InteractionExpired />;
  return (
    <HostedCard
      title={t('hosted.oidc.failed.title')}
      intro={t('hosted.oidc.failed.intro', { app: interaction.details.client.name })}
      focusTitle
    >
      <Alert tone="error">{describeInteractionError(error, t)}</Alert>
      <Button type="button" $block onClick={onRetry}>
        {t('hosted.oidc.failed.retry')}
      </Button>
      <p>
        <Link to={pathTo('account')}>{t('hosted.handoff.toAccount')}</Link>
      </p>
      <CancelInteraction interaction={interaction} />
    </HostedCard>
  );
}
