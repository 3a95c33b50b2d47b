import type { de } from './stepUp';

export const en: Record<keyof typeof de, string> = {
  'stepUp.title': "Please confirm it's you",
  'stepUp.description':
    "This change affects your account's security, and you last confirmed it's you more than {minutes} minutes ago.",
  'stepUp.password': 'Password',
  'stepUp.code': 'Code from your authenticator app or a recovery code',
  'stepUp.useCode': 'Use a code instead',
  'stepUp.usePassword': 'Use your password instead',
  'stepUp.passkey': 'Confirm with a passkey',
  'stepUp.passkeyWaiting': 'Waiting for your device …',
  'stepUp.submit': 'Confirm',
  'stepUp.checking': 'Checking …',
  'stepUp.passwordRequired': 'Please enter your password.',
  'stepUp.codeRequired': 'Please enter the 6-digit code from your authenticator app or a recovery code.',
  'stepUp.wrongPassword': 'The password is not correct.',
  'stepUp.noMethod':
    'This change needs a passkey, which this browser cannot use. Open the dashboard in a current browser over HTTPS.',
};
