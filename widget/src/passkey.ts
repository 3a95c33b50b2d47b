/**
 * The second sign-in step with a passkey, straight on navigator.credentials (WebAuthn Level 3's
 * JSON forms, converted by hand: a library would cost the widget's size budget more than these
 * few lines). The server sends PublicKeyCredentialRequestOptionsJSON and takes the assertion as
 * the AuthenticationResponseJSON that @simplewebauthn/server verifies.
 */

const fromBase64Url = (value: string): ArrayBuffer => {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0)).buffer;
};

const toBase64Url = (buffer: ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

interface RequestOptionsJSON {
  challenge: string;
  allowCredentials?: { id: string; type: 'public-key'; transports?: string[] }[];
  [option: string]: unknown;
}

/** Whether this browser can use passkeys at all. */
export const passkeysSupported = (): boolean =>
  typeof globalThis.PublicKeyCredential === 'function' && !!globalThis.navigator?.credentials?.get;

/**
 * Asks the browser (and the person) for an assertion; rejects with the browser's DOMException
 * (NotAllowedError: cancelled or timed out; SecurityError: this site may not use the RP ID).
 */
export async function getPasskeyAssertion(options: object): Promise<object> {
  const json = options as RequestOptionsJSON;
  const publicKey = {
    ...json,
    challenge: fromBase64Url(json.challenge),
    allowCredentials: json.allowCredentials?.map((credential) => ({
      ...credential,
      id: fromBase64Url(credential.id),
    })),
  } as PublicKeyCredentialRequestOptions;
  const credential = (await navigator.credentials.get({ publicKey })) as PublicKeyCredential | null;
  if (!credential) throw new DOMException('No passkey was chosen.', 'NotAllowedError');
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64Url(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: {
      clientDataJSON: toBase64Url(response.clientDataJSON),
      authenticatorData: toBase64Url(response.authenticatorData),
      signature: toBase64Url(response.signature),
      userHandle: response.userHandle ? toBase64Url(response.userHandle) : undefined,
    },
  };
}
