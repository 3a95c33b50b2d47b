import type { de } from './snippets';

export const en: Record<keyof typeof de, string> = {
  'snippets.title': 'Integration code',
  'snippets.intro':
    'Ready-to-paste code for this application, with its id, this server’s address and the allowed origins filled in. It follows the guides; every call in it exists in the API.',
  'snippets.tabs': 'Kind of integration code',
  'snippets.kind.widget': 'Sign-in dialog',
  'snippets.kind.sdk': 'SDK tracking',
  'snippets.kind.python': 'Python',
  'snippets.kind.token-check': 'Token check',
  'snippets.kind.oidc': 'OpenID Connect',
  'snippets.codeLabel': 'Code: {title}',
  'snippets.copy': 'Copy code: {title}',
  'snippets.saveAs': 'Save as {filename}',
  'snippets.source': 'Guide: {title}',
  'snippets.loading': 'Loading the integration code …',
  'snippets.loadFailed': 'The integration code could not be loaded.',
  'snippets.docs.title': 'Integration code for an application',
  'snippets.docs.intro':
    'Choose one of your applications: the assistant writes the code to integrate it, with its values filled in.',
  'snippets.docs.application': 'Application',
  'snippets.docs.choose': 'Choose an application …',
  'snippets.docs.signIn': 'Sign in to get integration code for your applications.',
  'snippets.docs.none': 'You have no application yet. Create one in a project.',
};
