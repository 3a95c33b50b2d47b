import type { de } from './oidc';

export const en: Record<keyof typeof de, string> = {
  'oidc.tab': 'OpenID Connect',

  'oidc.empty.title': 'This application is not an OpenID Connect client yet',
  'oidc.empty.text':
    'Choose what kind of application it is, then enter its addresses and save — from then on it signs users in with OpenID Connect.',
  'oidc.empty.readOnly': "Only the organization's admins can set it up as a client.",
  'oidc.empty.choose': 'Choose a client type',
  'oidc.setup.cancel': 'Cancel',

  'oidc.formLabel': 'OpenID Connect settings',
  'oidc.adminOnly': "Only the organization's admins can change these settings.",
  'oidc.save': 'Save settings',
  'oidc.saved': 'OpenID Connect settings saved',
  'oidc.savedText': 'The client uses the new settings from now on.',
  'oidc.saveFailed': 'Saving failed',
  'oidc.nothingChanged': 'Nothing to save',
  'oidc.unsaved': 'Unsaved changes',

  'oidc.type.title': 'Client type',
  'oidc.type.legend': 'Kind of application',
  'oidc.type.spa': 'Single-page app',
  'oidc.type.spa.text': 'Runs entirely in the browser (React, Vue, Angular): public, no secret, with PKCE.',
  'oidc.type.web': 'Web server app',
  'oidc.type.web.text': 'Has a backend that keeps a secret safe (Express, Next.js, Django).',
  'oidc.type.native': 'Native app',
  'oidc.type.native.text': 'Mobile or desktop app: public, with PKCE, its own URL scheme or loopback.',
  'oidc.type.m2m': 'Machine to machine',
  'oidc.type.m2m.text': 'A service without users that signs itself in with client ID and secret.',

  'oidc.redirects.title': 'Redirects',
  'oidc.redirects.text':
    'Addresses are compared exactly: scheme, host, port and path must match as they are.',
  'oidc.redirectUris.legend': 'Redirect URIs',
  'oidc.redirectUris.hint': 'Where sign-in sends the code back. https://, http:// only for localhost.',
  'oidc.redirectUris.hintNative':
    'Where sign-in sends the code back: a scheme of your own with a dot (com.example.app:/callback), http://127.0.0.1/… or https:// with your domain.',
  'oidc.redirectUris.new': 'New redirect URI',
  'oidc.redirectUris.none': 'No redirect URI yet.',
  'oidc.postLogout.legend': 'Post-logout redirect URIs',
  'oidc.postLogout.hint': 'Where sign-out (RP-initiated logout) may return to.',
  'oidc.postLogout.new': 'New post-logout redirect URI',
  'oidc.postLogout.none': 'None yet — after signing out, the user stays on our page.',
  'oidc.backchannel': 'Back-channel logout URI (optional)',
  'oidc.backchannel.hint': 'Your server receives a logout token here as soon as a user signs out.',
  'oidc.list.add': 'Add',
  'oidc.list.remove': 'Remove {value}',

  'oidc.access.title': 'Tokens and access',
  'oidc.grants.legend': 'Grant types',
  'oidc.grant.authorization_code': 'Authorization code',
  'oidc.grant.authorization_code.text': 'Users sign in on the hosted page (with PKCE).',
  'oidc.grant.refresh_token': 'Refresh token',
  'oidc.grant.refresh_token.text': 'Extend sessions without signing in again (with rotation).',
  'oidc.grant.client_credentials': 'Client credentials',
  'oidc.grant.client_credentials.text': 'The client signs itself in, without a user.',
  'oidc.firstParty': 'First-party app (no consent screen)',
  'oidc.firstParty.hint':
    'An app of your own: users see no consent screen. When off, sign-in asks for their consent to the requested data.',
  'oidc.authMethod': 'Authentication at the token endpoint',
  'oidc.authMethod.none': 'None (public client)',
  'oidc.authMethod.client_secret_basic': 'Client secret via HTTP Basic (client_secret_basic)',
  'oidc.authMethod.client_secret_post': 'Client secret in the form (client_secret_post)',
  'oidc.authMethod.private_key_jwt': 'Signed JWT with your own key (private_key_jwt)',
  'oidc.jwksUri': 'JWKS URI',
  'oidc.jwksUri.hint': 'The address of your public keys, which we verify the client assertion with.',
  'oidc.accessTtl': 'Access token lifetime',
  'oidc.refreshTtl': 'Refresh token lifetime',
  'oidc.accessTtl.hint': 'Empty: the project’s “Session lifetime” from “Users & sign-in”.',
  'oidc.refreshTtl.hint': 'Empty: the project’s “Stay signed in for” from “Users & sign-in”.',

  'oidc.api.title': 'API (resource server)',
  'oidc.api.text':
    "Is this application an API too? Then clients request access tokens with resource=<API identifier>. Their aud is the identifier, and your API verifies them offline with the JWKS's keys.",
  'oidc.apiIdentifier': 'API identifier (optional)',
  'oidc.apiIdentifier.hint':
    'An https:// address or a URN, e.g. https://api.shop.example — it need not be reachable.',
  'oidc.apiScopes.legend': 'Scopes of the API',
  'oidc.apiScopes.hint':
    'E.g. invoice:read: lower-case letters, digits and : . _ -. openid, profile, email, offline_access and roles are standard scopes.',
  'oidc.apiScopes.new': 'New scope',
  'oidc.apiScopes.none': 'No scopes yet.',

  'oidc.invalid.summary': 'Please check the marked fields.',
  'oidc.invalid.clientType': 'Please choose a client type.',
  'oidc.invalid.url': 'Please enter a complete address, e.g. https://shop.example.com/callback.',
  'oidc.invalid.https': 'Only https:// — http:// only for localhost, 127.0.0.1 or [::1].',
  'oidc.invalid.nativeScheme':
    'Allowed are a scheme of your own with a dot (com.example.app:/callback), https:// with your domain, and http:// only for 127.0.0.1 or [::1].',
  'oidc.invalid.fragment': 'The address must not contain a # fragment.',
  'oidc.invalid.credentials': 'The address must not contain a user name or password.',
  'oidc.invalid.duplicate': 'Already in the list.',
  'oidc.invalid.redirectRequired': 'The authorization code grant needs at least one redirect URI.',
  'oidc.invalid.grantRequired': 'Please choose at least one grant type.',
  'oidc.invalid.jwksRequired': 'private_key_jwt needs the address of your JWKS.',
  'oidc.invalid.identifier':
    'Please enter an https:// address or a URN, e.g. https://api.shop.example or urn:shop:invoices.',
  'oidc.invalid.scope':
    'A scope has 1 to 64 lower-case letters, digits and : . _ - and starts with a letter or digit, e.g. invoice:read.',
  'oidc.invalid.scopeReserved':
    'openid, profile, email, offline_access and roles are standard scopes and not possible here.',

  'oidc.invalid.spaces': 'The address must not contain spaces.',
  'oidc.invalid.nativeHttps':
    "A native app's https:// address names your own domain, not localhost or 127.0.0.1.",
  'oidc.invalid.jwksHttps': 'The JWKS URI must use https://.',
  'oidc.invalid.refreshNeedsCode': 'Refresh tokens come only together with the authorization code grant.',
  'oidc.invalid.accessTtl': 'Please enter a duration from 1 minute to 24 hours, or leave the field empty.',
  'oidc.invalid.refreshTtl': 'Please enter a duration from 1 hour to 365 days, or leave the field empty.',
  'error.api_identifier_taken':
    'Another application of this project already uses this API identifier. Each API needs its own.',
  'error.oidc_secret_not_applicable':
    'Only web server apps and machine-to-machine clients have a client secret. Save one of these client types first.',
  'oidc.secret.title': 'Client secret',
  'oidc.secret.text':
    'Your server identifies itself with it at the token endpoint. Only a hash is stored — you see the secret exactly once.',
  'oidc.secret.none': 'No secret created yet.',
  'oidc.secret.createdAt': 'Current secret created on {date}.',
  'oidc.secret.create': 'Create secret',
  'oidc.secret.rotate': 'Renew secret',
  'oidc.secret.creating': 'Creating …',
  'oidc.secret.overlap': 'Previous secret stays valid',
  'oidc.secret.overlap.hint':
    'The token endpoint accepts both for this long — time to put the new secret on all your servers.',
  'oidc.secret.overlap.0': 'invalid at once',
  'oidc.secret.overlap.3600': '1 hour',
  'oidc.secret.overlap.86400': '24 hours',
  'oidc.secret.overlap.604800': '7 days',
  'oidc.secret.adminOnly': "Only the organization's admins can create secrets.",
  'oidc.secret.failed': 'The secret could not be created',
  'oidc.secret.created': 'Client secret created',
  'oidc.secret.dialog.title': 'Your new client secret',
  'oidc.secret.dialog.warning':
    "Copy the secret now and keep it safe, e.g. in an environment variable of your server. It won't be shown again.",
  'oidc.secret.dialog.label': 'Client secret',
  'oidc.secret.dialog.reveal': 'Show secret',
  'oidc.secret.dialog.copy': 'Copy secret',
  'oidc.secret.dialog.previous': 'The previous secret stays valid until {date}.',
  'oidc.secret.dialog.previousEnded': 'The previous secret is no longer valid.',
  'oidc.secret.dialog.done': "I've stored the secret",

  'oidc.endpoints.title': 'Endpoints',
  'oidc.endpoints.text':
    'Most libraries need only the issuer (or the discovery URL), the client ID and — for web server apps — the secret.',
  'oidc.endpoints.clientId': 'Client ID',
  'oidc.endpoints.issuer': 'Issuer',
  'oidc.endpoints.discovery': 'Discovery',
  'oidc.endpoints.authorization': 'Authorization',
  'oidc.endpoints.token': 'Token',
  'oidc.endpoints.userinfo': 'UserInfo',
  'oidc.endpoints.jwks': 'JWKS',
  'oidc.endpoints.endSession': 'End session (logout)',
  'oidc.endpoints.introspection': 'Introspection',
  'oidc.endpoints.revocation': 'Revocation',
  'oidc.endpoints.copy': 'Copy {name}',
  'oidc.endpoints.loading': 'Loading the discovery document …',
  'oidc.endpoints.unavailable':
    "The issuer's discovery document could not be loaded. The other endpoints appear here as soon as the issuer answers — for instance once the project is active and the application is saved as a client.",
  'oidc.endpoints.retry': 'Try again',
};
