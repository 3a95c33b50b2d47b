import type { de } from './emailChange';

export const en: Record<keyof typeof de, string> = {
  'emailChange.title': 'Change e-mail address',
  'emailChange.current': 'Current address: {email}',
  'emailChange.intro':
    'We send a link to the new address; it counts for signing in only once you open it. Your current address gets a notice. The change ends your sessions on other devices.',
  'emailChange.newEmail': 'New e-mail address',
  'emailChange.submit': 'Send confirmation link',
  'emailChange.sending': 'Sending …',
  'emailChange.invalid': 'Please enter a valid e-mail address.',
  'emailChange.same': 'This already is the address of your account.',
  'emailChange.failed': 'The e-mail address could not be changed',
  'emailChange.sent':
    'If the address can be used, we have sent a link to {email}. Open it within one hour to complete the change.',
  'emailChange.confirm.title': 'Confirm the new e-mail address',
  'emailChange.confirm.pending': 'Confirming the new address …',
  'emailChange.confirm.doneTitle': 'E-mail address changed',
  'emailChange.confirm.done':
    'Your account now uses the address {email}. Sign in with it from now on; your sessions on other devices have been ended.',
  'emailChange.confirm.failed': 'The new address could not be confirmed',
  'emailChange.confirm.noToken': 'The link lacks its confirmation code. Open it straight from the e-mail.',
  'emailChange.confirm.toAccount': 'Go to your account',
  'emailChange.confirm.toSecurity': 'Go to the security settings',
};
