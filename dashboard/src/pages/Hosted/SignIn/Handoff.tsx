import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeError } from '../../../api/errors';
import { useT } from '../../../i18n/useT';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { useContinueSignedIn, useHosted, useHostedSession, useInteraction } from '../context';
import { CancelInteraction } from '../Interaction';
import { HostedCard } from '../parts';

/**
 * This tab is already signed in to the pool: go on with that account (back to the partner site,
 * to the OpenID relying party — "Weiter zu {App}" —, or to the account page) or sign out and use
 * another one.
 */
export function ContinueAs({ onOther, onFailed }: { onOther(): void; onFailed(error: unknown): void }) {
  const t = useT();
  const { sessions, query } = useHosted();
  const session = useHostedSession();
  const continueSignedIn = useContinueSignedIn();
  const interaction = useInteraction();
  const proceed = useMutation({
    mutationFn: async () => {
      if (session) await continueSignedIn(session);
    },
    onError: onFailed,
  });
  const other = useMutation({
    mutationFn: () => sessions.signOut(),
    onSettled: onOther,
  });
  if (!session) return null;
  return (
    <HostedCard
      title={t('hosted.continue.title')}
      intro={t('hosted.continue.intro', { email: session.user.email })}
    >
      <Button
        type="button"
        $block
        disabled={proceed.isPending || other.isPending}
        aria-busy={proceed.isPending}
        onClick={() => proceed.mutate()}
      >
        {interaction
          ? t('hosted.oidc.continueTo', { app: interaction.details.client.name })
          : query.request
            ? t('hosted.continue.toApp')
            : t('hosted.continue.toAccount')}
      </Button>
      <Button
        type="button"
        $variant="secondary"
        $block
        disabled={proceed.isPending || other.isPending}
        onClick={() => other.mutate()}
      >
        {t('hosted.continue.other')}
      </Button>
      {interaction ? <CancelInteraction interaction={interaction} /> : null}
    </HostedCard>
  );
}

/**
 * Signed in, but the partner site's way back was refused (its redirect_uri is not among the
 * pool's allowed addresses, say): the person learns why and can still reach their account.
 */
export function HandoffFailed({ error }: { error: unknown }) {
  const t = useT();
  const { pathTo } = useHosted();
  return (
    <HostedCard title={t('hosted.handoff.title')} intro={t('hosted.handoff.intro')} focusTitle>
      <Alert tone="error">{describeError(error, t)}</Alert>
      <p>
        <Link to={pathTo('account')}>{t('hosted.handoff.toAccount')}</Link>
      </p>
    </HostedCard>
  );
}
