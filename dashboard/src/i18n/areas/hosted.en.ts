import type { de } from './hosted';

export const en: Record<keyof typeof de, string> = {
  'hosted.footer.support': 'Questions about your account?',
  'hosted.footer.poweredBy': 'Sign-in provided by IAM Platform',
  'hosted.notFound.title': 'Page not found',
  'hosted.notFound.text':
    'There is no sign-in page (any more) for this link. Please open the sign-in again from the application.',
  'hosted.loadFailed.title': 'The page could not be loaded',
  'hosted.loadFailed.text': 'Please try again in a moment.',
  'hosted.loadFailed.retry': 'Try again',
  'hosted.invalidRequest':
    "The application's link is incomplete, so you will not be taken back automatically after signing in. You can still sign in and manage your account.",

  'hosted.signIn.title': 'Sign in',
  'hosted.signIn.intro': 'Sign in to {name}.',
  'hosted.signIn.passwordForm': 'Sign in with e-mail and password',
  'hosted.signIn.noMethod': 'Signing in to this application is not possible at the moment.',
  'hosted.signIn.noAccount': 'No account yet?',
  'hosted.signIn.toSignUp': 'Sign up now',
  'hosted.signIn.inviteOnly': 'New accounts are by invitation only.',

  'hosted.code.start': 'Get a code by e-mail',
  'hosted.code.intro': 'We will send you a 6-digit code to sign in without a password.',
  'hosted.code.requestForm': 'Request a sign-in code by e-mail',
  'hosted.code.send': 'Send code',
  'hosted.code.sending': 'Sending …',
  'hosted.code.requestFailed': 'The code could not be sent',
  'hosted.code.sent': 'If {email} belongs to an account, a code is on its way. It is valid for 10 minutes.',
  'hosted.code.enterForm': 'Enter the code from the e-mail',
  'hosted.code.label': 'Code from the e-mail',
  'hosted.code.required': 'Please enter the 6-digit code from the e-mail.',
  'hosted.code.resend': 'Send a new code',
  'hosted.code.resendIn': 'New code in {seconds} s',
  'hosted.code.otherAddress': 'Use another e-mail address',
  'hosted.code.usePassword': 'Sign in with a password instead',

  'hosted.continue.title': "You're signed in",
  'hosted.continue.intro': 'In this browser window you are signed in as {email}.',
  'hosted.continue.toApp': 'Continue to the application',
  'hosted.continue.toAccount': 'Continue to your account',
  'hosted.continue.other': 'Sign in with another account',
  'hosted.handoff.title': 'Cannot return to the application',
  'hosted.handoff.intro': 'You are signed in, but the application has not allowed this return address.',
  'hosted.handoff.toAccount': 'To your account',

  'hosted.signUp.title': 'Create an account',
  'hosted.signUp.intro': 'Sign up for {name}.',
  'hosted.signUp.haveAccount': 'Already registered?',
  'hosted.signUp.toSignIn': 'Sign in',
  'hosted.signUp.closed': 'New accounts cannot be created for this application at the moment.',
  'hosted.signUp.inviteOnly':
    "New accounts are by invitation only. The application's operator sends invitations by e-mail.",
  'hosted.signUp.checkMail.title': 'Please confirm your e-mail address',
  'hosted.signUp.checkMail.text':
    'We have sent an e-mail to {email}. Open the link in it to confirm your address – then you can sign in.',

  'hosted.reset.sentText':
    'If {email} belongs to an account, you will shortly receive a link to reset your password. It is valid for one hour.',

  'hosted.confirm.title': 'E-mail address confirmed',
  'hosted.confirm.checking': 'Confirming your e-mail address …',
  'hosted.confirm.continue': 'Continue to sign in',
  'hosted.confirm.failedText':
    'The link has expired or was already used. Sign in – you can ask for a new confirmation e-mail there.',

  'hosted.account.title': 'Your account',
  'hosted.account.intro': 'Signed in as {email} at {name}',
  'hosted.account.loadFailed': 'Your account could not be loaded',
  'hosted.account.toSignIn': 'To sign-in',
  'hosted.account.saving': 'Saving …',
  'hosted.account.required.title': 'Set up a second factor',
  'hosted.account.required.text':
    'This account must have a second factor. Set up an authenticator app below, then sign in again.',
  'hosted.account.required.textPasskey':
    'This account must have a second factor. Set up an authenticator app or a passkey below, then sign in again.',
  'hosted.account.required.done': 'Second factor set up. Please sign in again now.',
  'hosted.account.required.signInAgain': 'Sign in again',
  'hosted.account.profile.title': 'Profile',
  'hosted.account.profile.name': 'Display name',
  'hosted.account.profile.nameRequired': 'Please enter a display name.',
  'hosted.account.profile.save': 'Save profile',
  'hosted.account.profile.saved': 'Profile saved',
  'hosted.account.profile.failed': 'The profile could not be saved',
  'hosted.account.profile.verified': 'Confirmed',
  'hosted.account.profile.unverified': 'Not confirmed',
  'hosted.account.password.title': 'Change password',
  'hosted.account.password.intro':
    'The new password needs at least {min} characters. Your other sessions are signed out afterwards.',
  'hosted.account.password.current': 'Current password',
  'hosted.account.password.currentRequired': 'Please enter your current password.',
  'hosted.account.password.doneText': 'Your other sessions have been signed out.',
  'hosted.account.password.failed': 'The password could not be changed',
  'hosted.account.sessions.title': 'Active sessions',
  'hosted.account.sessions.intro':
    "You are signed in here. If you don't recognise a session, sign it out and change your password.",
  'hosted.account.sessions.empty': 'No active sessions.',
  'hosted.account.sessions.loadFailed': 'The sessions could not be loaded',
  'hosted.account.sessions.current': 'This session',
  'hosted.account.sessions.device': '{browser} on {system}',
  'hosted.account.sessions.unknownDevice': 'Unknown device',
  'hosted.account.sessions.since': 'Signed in on {date}',
  'hosted.account.sessions.lastUsed': 'last active {date}',
  'hosted.account.sessions.method.password': 'with password',
  'hosted.account.sessions.method.google': 'with Google',
  'hosted.account.sessions.method.passkey': 'with a passkey',
  'hosted.account.sessions.method.email_code': 'with a code by e-mail',
  'hosted.account.sessions.end': 'Sign out',
  'hosted.account.sessions.endLabel': 'Sign out session “{device}”',
  'hosted.account.sessions.ended': 'Session signed out',
  'hosted.account.sessions.endFailed': 'The session could not be signed out',
  'hosted.account.export.title': 'Your data',
  'hosted.account.passkeys.intro':
    'Sign in with your fingerprint, face, device PIN or a security key – without a password ("Sign in with a passkey") or as a second step after the password.',
  'hosted.account.delete.description':
    'Deletes your account at {name} with its profile and sessions; log entries are anonymised. Export your data first if you want to keep it.',
};
