import type { de } from './onboarding';

export const en: Record<keyof typeof de, string> = {
  'onboarding.title': 'Getting started',
  'onboarding.intro':
    'From your organization to the first event from your website. Each step ticks itself as soon as it is done.',
  'onboarding.progress': '{done} of {total} done',
  'onboarding.progressLabel': 'Getting-started progress',
  'onboarding.dismiss': 'Dismiss',
  'onboarding.dismissLabel': 'Dismiss the “Getting started” checklist',
  'onboarding.restore': 'Show getting started',
  'onboarding.restoreText': 'Getting started: {done} of {total} done.',
  'onboarding.loading': 'Loading the “Getting started” checklist …',
  'onboarding.loadFailed': 'The “Getting started” checklist could not be loaded.',
  'onboarding.retry': 'Try again',
  'onboarding.saveFailed': 'That did not work. Please try again.',
  'onboarding.status.done': 'Done',
  'onboarding.status.open': 'Open',
  'onboarding.status.next': 'Next step',
  'onboarding.step.organization.title': 'Create an organization',
  'onboarding.step.organization.text': 'Your team works together in an organization.',
  'onboarding.step.organization.action': 'Go to organizations',
  'onboarding.step.project.title': 'Create a project',
  'onboarding.step.project.text': 'A project groups your applications and their users.',
  'onboarding.step.project.action': 'Go to projects',
  'onboarding.step.application.title': 'Create an application',
  'onboarding.step.application.text': 'Each website or app gets an application with its own ID.',
  'onboarding.step.application.action': 'Go to the project',
  'onboarding.step.origin.title': 'Allow your site’s origin',
  'onboarding.step.origin.text':
    'Under “Edit”, enter your website’s address, e.g. https://shop.example.com – the platform accepts requests only from there.',
  'onboarding.step.origin.action': 'Go to the application',
  'onboarding.step.snippet.title': 'Paste the snippet',
  'onboarding.step.snippet.text':
    'Paste this code into your website’s pages. As soon as a page loads with it, this step ticks itself.',
  'onboarding.step.snippet.action': 'Guide in the docs',
  'onboarding.step.event.title': 'Receive your first event',
  'onboarding.step.event.text':
    'The snippet sends the event “first_event” when it loads; send your own with IamSdk.track(…).',
  'onboarding.step.event.action': 'Go to analytics',
  'onboarding.snippet.label': 'Snippet for your website',
  'onboarding.snippet.copy': 'Copy the snippet',
  'onboarding.snippet.live': 'This list refreshes every few seconds.',
};
