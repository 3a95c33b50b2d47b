import type { de } from './passkeys';

export const en: Record<keyof typeof de, string> = {
  'passkeys.title': 'Passkeys & security keys',
  'passkeys.intro':
    "Sign in with your fingerprint, face, your device's PIN or a security key – as the second step after your password, or without a password at all.",
  'passkeys.add': 'Add passkey',
  'passkeys.adding': 'Waiting for your device …',
  'passkeys.empty': 'No passkeys yet.',
  'passkeys.list': 'Your passkeys',
  'passkeys.loadFailed': 'Could not load the passkeys',
  'passkeys.retry': 'Try again',
  'passkeys.created': 'Added on {date}',
  'passkeys.lastUsed': 'Last used on {date}',
  'passkeys.neverUsed': 'Not used yet',
  'passkeys.synced': 'Synced',
  'passkeys.rename': 'Rename',
  'passkeys.rename.label': 'Rename passkey {name}',
  'passkeys.remove': 'Remove',
  'passkeys.remove.label': 'Remove passkey {name}',
  'passkeys.unsupported': 'This browser does not support passkeys. Use a current browser over HTTPS.',

  'passkeys.addDialog.title': 'Add passkey',
  'passkeys.addDialog.description':
    'Give the passkey a name you will recognise. Your browser then asks for your fingerprint, face, PIN or security key.',
  'passkeys.name': 'Name',
  'passkeys.nameDefault': 'Passkey',
  'passkeys.nameRequired': 'Please enter a name.',
  'passkeys.continue': 'Continue',
  'passkeys.added': 'Passkey added',
  'passkeys.addedText': '“{name}” can now be used to sign in.',
  'passkeys.addFailed': 'Passkey not added',

  'passkeys.renameDialog.title': 'Rename passkey',
  'passkeys.save': 'Save',
  'passkeys.saving': 'Saving …',
  'passkeys.renamed': 'Passkey renamed',

  'passkeys.removeDialog.title': 'Remove passkey “{name}”',
  'passkeys.removeDialog.description':
    'Confirm with your password or a current code from your authenticator app. This passkey will no longer sign you in.',
  'passkeys.password': 'Password',
  'passkeys.showPassword': 'Show password',
  'passkeys.code': 'Code from your authenticator app',
  'passkeys.useCode': 'Enter a code instead',
  'passkeys.usePassword': 'Enter the password instead',
  'passkeys.passwordRequired': 'Please enter your password.',
  'passkeys.codeRequired': 'Please enter the 6-digit code.',
  'passkeys.removeSubmit': 'Remove passkey',
  'passkeys.removing': 'Removing …',
  'passkeys.removed': 'Passkey removed',
  'passkeys.removedText': '“{name}” can no longer sign you in.',

  'passkeys.signIn': 'Sign in with a passkey',
  'passkeys.signingIn': 'Waiting for your passkey …',
  'passkeys.answer': 'Use a passkey',

  'error.passkey_not_found': 'There is no such passkey on your account (any more).',
  'error.passkey_registration_failed':
    'The passkey could not be registered. Please start again and confirm it on your device.',
  'error.passkey_already_registered': 'This passkey or security key is already registered.',
  'error.passkey_limit_reached': 'Your account has the most passkeys it can have. Remove one first.',
  'error.passkey_not_accepted': 'The passkey could not be verified. Try again, or sign in another way.',
  'error.passkey_cancelled': 'The request was cancelled or timed out. Please try again.',
  'error.passkey_unsupported': 'This browser or address does not support passkeys.',
};
