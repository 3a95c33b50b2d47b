import type { de } from './authDemo';

export const en: Record<keyof typeof de, string> = {
  'authDemo.title': 'Auth dialog demo',
  'authDemo.intro':
    'Try the embeddable sign-in dialog with your application and add it to your website with a few lines.',
  'authDemo.setupTitle': 'Your application',
  'authDemo.idLabel': 'Application ID',
  'authDemo.idHint':
    'You find the ID in the dashboard under Projects → your project → application (details). Other websites must be listed there among the allowed origins; this page always is.',
  'authDemo.idInvalid': 'An application ID has 24 characters (0–9, a–f).',
  'authDemo.poolNote':
    'The dialog signs in end users of this application — the users of its project (Project → Users), not your dashboard account. Register a test user here.',
  'authDemo.dialogLabel': 'Live dialog',
  'authDemo.dialogWaiting': "Enter an application ID and that application's dialog appears here.",
  'authDemo.tokenTitle': 'JWT preview',
  'authDemo.tokenEmpty': 'After sign-in the first 50 characters of the access token appear here.',
  'authDemo.guideTitle': 'Integration guide',
  'authDemo.guideIntro':
    'The samples contain the application ID entered above and the address of this server.',
  'authDemo.copy': 'Copy',
  'authDemo.copied': 'Copied',
  'authDemo.copyFailed': 'Failed to copy',
  'authDemo.featuresTitle': 'Features',
  'authDemo.feature1.title': 'Sign in & sign up',
  'authDemo.feature1.text': 'Tabs for login and registration, confirmation by e-mail, sign-out.',
  'authDemo.feature2.title': 'Forgot password',
  'authDemo.feature2.text': "The reset link comes with your application's e-mail template.",
  'authDemo.feature3.title': 'German & English',
  'authDemo.feature3.text': 'locale="de", "en" or "auto" following the browser\'s language.',
  'authDemo.feature4.title': 'Customisable',
  'authDemo.feature4.text': 'Light, dark or automatic; CSS variables and ::part() for your design.',
  'authDemo.feature5.title': 'Accessible',
  'authDemo.feature5.text': 'Labelled fields, keyboard operation, focus trap, announced errors.',
  'authDemo.feature6.title': 'Clear errors',
  'authDemo.feature6.text':
    'Wrong credentials, locked account, waiting time, network and origins not allowed.',
  'authDemo.snippet.events': 'Events and methods',
  'authDemo.snippet.triggerComment': 'Or as "Sign in" / "Sign up" buttons that open the dialog:',
  'authDemo.snippet.modalComment': 'with trigger: as a modal',
  'authDemo.snippet.orNull': 'or null',
};
