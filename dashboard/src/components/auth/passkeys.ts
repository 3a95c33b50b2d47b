import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { api, ApiError, sessionApi, unwrap, type ApiClient, type ApiSchemas } from '../../api/client';
import { startSession } from '../../stores/session';

export type Passkey = ApiSchemas['Passkey'];

/** Whether this browser can create and use passkeys at all (WebAuthn in a secure context). */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/**
 * The browser's WebAuthn failures as ApiErrors with codes of the message catalog (`error.<code>`),
 * so screens show them like any other failure: the user closed the prompt or it timed out, the
 * authenticator already holds a passkey of this account, or the browser cannot do WebAuthn.
 */
function fromBrowser(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return new ApiError(409, 'passkey_already_registered', error.message);
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError' || error instanceof WebAuthnError)
    return new ApiError(0, 'passkey_cancelled', error instanceof Error ? error.message : 'cancelled');
  if (name === 'NotSupportedError' || name === 'SecurityError' || !browserSupportsWebAuthn())
    return new ApiError(0, 'passkey_unsupported', error instanceof Error ? error.message : 'unsupported');
  return error;
}

async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  try {
    return await ceremony();
  } catch (error) {
    throw fromBrowser(error);
  }
}

/**
 * Registers a passkey (or security key) on the signed-in account under `name`: the server's
 * options, the browser's prompt, the server's verification. Answers the stored passkey.
 */
export async function registerPasskey(name: string, client: ApiClient = api): Promise<Passkey> {
  const options = unwrap(await client.POST('/api/v1/auth/mfa/passkeys/options'));
  const response = await inBrowser(() =>
    startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );
  return unwrap(
    await client.POST('/api/v1/auth/mfa/passkeys', {
      body: { name, response: response as ApiSchemas['WebAuthnRegistrationResponse'] },
    }),
  );
}

/**
 * The browser's prompt for one of the account's passkeys, for options a server gave (a sign-in
 * step of another API, say the embedding API's); its failures become ApiErrors as above.
 */
export function authenticateWithPasskey(
  options: unknown,
): Promise<ApiSchemas['WebAuthnAuthenticationResponse']> {
  return inBrowser(
    async () =>
      (await startAuthentication({
        optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
      })) as ApiSchemas['WebAuthnAuthenticationResponse'],
  );
}

/**
 * Signs in with a passkey alone (a discoverable credential; the browser lets the user pick the
 * account). Resolves once the session has started.
 */
export async function signInWithPasskey(): Promise<void> {
  const options = unwrap(await sessionApi.POST('/api/v1/auth/passkeys/sign-in/options'));
  const response = await authenticateWithPasskey(options);
  await startSession(unwrap(await sessionApi.POST('/api/v1/auth/passkeys/sign-in', { body: { response } })));
}

/**
 * Answers the second sign-in step of `mfaToken` (a password sign-in that named 'webauthn' among
 * its methods) with one of the account's passkeys. Resolves once the session has started; an
 * expired step fails with invalid_mfa_token like a code would.
 */
export async function answerMfaWithPasskey(mfaToken: string): Promise<void> {
  const options = unwrap(
    await sessionApi.POST('/api/v1/auth/mfa/webauthn/options', { body: { mfa_token: mfaToken } }),
  );
  const response = await authenticateWithPasskey(options);
  await startSession(
    unwrap(
      await sessionApi.POST('/api/v1/auth/mfa/challenge', {
        body: { mfa_token: mfaToken, webauthn_response: response },
      }),
    ),
  );
}

/**
 * Confirms a sensitive change with one of the account's passkeys (step-up): the server's
 * options, the browser's prompt, then the assertion as the proof. Renews the session's proof
 * of identity; the refused call is then sent again by the API client.
 */
export async function reauthenticateWithPasskey(client: ApiClient = api): Promise<void> {
  const options = unwrap(await client.POST('/api/v1/auth/reauthenticate/passkey-options'));
  const response = await authenticateWithPasskey(options);
  unwrap(await client.POST('/api/v1/auth/reauthenticate', { body: { webauthn_response: response } }));
}
