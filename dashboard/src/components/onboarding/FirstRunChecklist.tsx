import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeletons } from '../../ui/Skeleton';
import { ChecklistSteps } from './ChecklistSteps';
import { Box, Header, Meter, Restore } from './parts';
import { useOnboarding, useSetOnboardingDismissed } from './queries';

/**
 * The first-run checklist of the dashboard (issue #36): shown until every step is done or the
 * person dismisses it; once dismissed (and not complete) a one-line "show again" stays in its
 * place, so the way back is where the checklist was. Hiding is stored for the account. A checklist
 * completed while on screen stays, all ticked, until dismissed; on the next visit it is gone.
 */
export function FirstRunChecklist() {
  const t = useT();
  const checklist = useOnboarding();
  const setDismissed = useSetOnboardingDismissed();
  const restoreRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Focus follows the control that replaced the one just used (the card ↔ the restore line).
  const moved = useRef<'dismissed' | 'restored' | null>(null);
  const data = checklist.data;
  // Completed while on screen: the last tick stays visible (until dismissed or the next visit).
  // (State adjusted while rendering, React's pattern for a value derived from earlier renders.)
  const [seenIncomplete, setSeenIncomplete] = useState(false);
  if (data && !data.complete && !seenIncomplete) setSeenIncomplete(true);

  useEffect(() => {
    if (moved.current === 'dismissed' && data?.dismissed) restoreRef.current?.focus();
    if (moved.current === 'restored' && data && !data.dismissed) titleRef.current?.focus();
    moved.current = null;
  }, [data]);

  const change = (dismissed: boolean) => {
    moved.current = dismissed ? 'dismissed' : 'restored';
    setDismissed.mutate(dismissed);
  };
  const failed = setDismissed.isError ? <Alert tone="error">{t('onboarding.saveFailed')}</Alert> : null;

  if (checklist.isPending) return <Skeletons count={1} label={t('onboarding.loading')} height={120} />;
  if (checklist.isError)
    return (
      <Alert tone="error">
        {t('onboarding.loadFailed')}{' '}
        <Button type="button" $variant="secondary" onClick={() => void checklist.refetch()}>
          {t('onboarding.retry')}
        </Button>
      </Alert>
    );
  if (!data || (data.complete && (data.dismissed || !seenIncomplete))) return null;
  const progress = t('onboarding.progress', { done: String(data.done), total: String(data.total) });

  if (data.dismissed)
    return (
      <Restore data-testid="first-run-restore">
        <span>{t('onboarding.restoreText', { done: String(data.done), total: String(data.total) })}</span>
        <Button
          ref={restoreRef}
          type="button"
          $variant="secondary"
          disabled={setDismissed.isPending}
          onClick={() => change(false)}
        >
          {t('onboarding.restore')}
        </Button>
        {failed}
      </Restore>
    );

  return (
    <Box aria-labelledby="first-run-title" data-testid="first-run">
      <Header>
        <div>
          <h2 id="first-run-title" ref={titleRef} tabIndex={-1}>
            {t('onboarding.title')}
          </h2>
          <p>{t('onboarding.intro')}</p>
        </div>
        <Button
          type="button"
          $variant="secondary"
          aria-label={t('onboarding.dismissLabel')}
          disabled={setDismissed.isPending}
          onClick={() => change(true)}
        >
          {t('onboarding.dismiss')}
        </Button>
      </Header>
      <Meter>
        <span id="first-run-progress" data-testid="first-run-progress">
          {progress}
        </span>
        <progress max={data.total} value={data.done} aria-labelledby="first-run-progress" />
      </Meter>
      {failed}
      <ChecklistSteps checklist={data} />
      {data.next === 'snippet' || data.next === 'event' ? <p>{t('onboarding.snippet.live')}</p> : null}
      {data.complete ? <Alert tone="success">{t('onboarding.complete')}</Alert> : null}
    </Box>
  );
}
