import type { MessageKey } from '../../i18n/messages';
import type { Onboarding, OnboardingStep } from './queries';

export interface StepText {
  title: MessageKey;
  text: MessageKey;
  action: MessageKey;
}

export const STEP_TEXTS: Record<OnboardingStep, StepText> = {
  organization: {
    title: 'onboarding.step.organization.title',
    text: 'onboarding.step.organization.text',
    action: 'onboarding.step.organization.action',
  },
  project: {
    title: 'onboarding.step.project.title',
    text: 'onboarding.step.project.text',
    action: 'onboarding.step.project.action',
  },
  application: {
    title: 'onboarding.step.application.title',
    text: 'onboarding.step.application.text',
    action: 'onboarding.step.application.action',
  },
  origin: {
    title: 'onboarding.step.origin.title',
    text: 'onboarding.step.origin.text',
    action: 'onboarding.step.origin.action',
  },
  snippet: {
    title: 'onboarding.step.snippet.title',
    text: 'onboarding.step.snippet.text',
    action: 'onboarding.step.snippet.action',
  },
  event: {
    title: 'onboarding.step.event.title',
    text: 'onboarding.step.event.text',
    action: 'onboarding.step.event.action',
  },
};

/**
 * Where a step is done: the screen with its create button, or the project and application the
 * server named in `context` (the ones the steps done so far found).
 */
export function stepLink(step: OnboardingStep, context: Onboarding['context']): string {
  const { project_id: projectId, application_id: applicationId } = context;
  const application =
    projectId && applicationId ? `/projects/${projectId}/applications/${applicationId}` : null;
  switch (step) {
    case 'organization':
      return '/organizations';
    case 'project':
      return '/projects';
    case 'application':
      return projectId ? `/projects/${projectId}` : '/projects';
    case 'origin':
      return application ?? '/projects';
    case 'snippet':
      return '/docs';
    case 'event':
      return applicationId ? `/analytics?app=${applicationId}` : '/analytics';
  }
}

/**
 * The script tag for the application, with a first event: `data-api-url` defaults to the origin
 * the script is loaded from, which is this server (docs/sdk.md, "Script tag").
 */
export function snippetFor(applicationId: string, serverOrigin: string): string {
  return [
    `<script src="${serverOrigin}/cdn/sdk/iam-sdk.min.js" data-application-id="${applicationId}"></script>`,
    `<script>IamSdk.track('first_event');</script>`,
  ].join('\n');
}
