import { ArrowRight, CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { useT } from '../../i18n/useT';
import { ButtonRouterLink } from '../../ui/Button';
import { VisuallyHidden } from '../../ui/Skeleton';
import { CopyButton } from '../tenancy/CopyButton';
import { Snippet, Step, StepBody, Steps, Title } from './parts';
import type { Onboarding } from './queries';
import { snippetFor, STEP_TEXTS, stepLink } from './steps';

/**
 * The six steps in order. A step not done links to where it is done; the next one is
 * highlighted, says what to do, carries the primary link and `aria-current="step"`. The snippet step shows the
 * application's ready-to-paste script tag once there is an application.
 */
export function ChecklistSteps({ checklist }: { checklist: Onboarding }) {
  const t = useT();
  const applicationId = checklist.context.application_id;
  return (
    <Steps>
      {checklist.steps.map(({ key, done }) => {
        const texts = STEP_TEXTS[key];
        const next = checklist.next === key;
        const status = done
          ? 'onboarding.status.done'
          : next
            ? 'onboarding.status.next'
            : 'onboarding.status.open';
        // The snippet once it is what to do next (an application with an allowed origin exists).
        const snippet =
          next && key === 'snippet' && applicationId ? snippetFor(applicationId, location.origin) : null;
        return (
          <Step
            key={key}
            $next={next}
            $done={done}
            data-step={key}
            data-done={done ? 'true' : 'false'}
            aria-current={next ? 'step' : undefined}
          >
            {done ? <CheckCircle2 aria-hidden="true" size={20} /> : <Circle aria-hidden="true" size={20} />}
            <StepBody>
              <Title>
                <h3>
                  {t(texts.title)}
                  <VisuallyHidden>{`: ${t(status)}`}</VisuallyHidden>
                </h3>
                {/* Later steps: a plain link, so the next one stands out; its text and button below. */}
                {!done && !next ? <Link to={stepLink(key, checklist.context)}>{t(texts.action)}</Link> : null}
              </Title>
              {next ? <p>{t(texts.text)}</p> : null}
              {snippet ? (
                <Snippet>
                  <pre
                    tabIndex={0}
                    aria-label={t('onboarding.snippet.label')}
                    data-testid="first-run-snippet"
                  >
                    <code>{snippet}</code>
                  </pre>
                  <CopyButton value={snippet} label={t('onboarding.snippet.copy')} />
                </Snippet>
              ) : null}
              {next ? (
                <ButtonRouterLink to={stepLink(key, checklist.context)}>
                  {t(texts.action)}
                  <ArrowRight aria-hidden="true" size={16} />
                </ButtonRouterLink>
              ) : null}
            </StepBody>
          </Step>
        );
      })}
    </Steps>
  );
}
