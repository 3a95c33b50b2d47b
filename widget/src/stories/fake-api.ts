import { AuthClient } from '@iam-platform/sdk';

/** One answer of the fake embedding API: status and body, optionally a Retry-After and a delay. */
export interface FakeAnswer {
  status: number;
  body?: object;
  retryAfter?: number;
  /** Never answer (the loading state). */
  hang?: boolean;
}

/** Per path of the embedding API (`login`, `register` …) what it answers; `offline`: the browser
 * refuses every call (a refused CORS preflight or no network) except those the scenario answers. */
export type Scenario = { offline?: boolean } & { [path: string]: FakeAnswer | boolean | undefined };

export const DEMO_USER = {
  id: '65f000000000000000000001',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: '2030-01-01T00:00:00.000Z',
  last_login_at: null,
};

const session = () => ({
  token: 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiI2NWYwIn0.c2lnbmF0dXJl',
  refresh_token: 'refresh-1',
  expires_at: Math.floor(Date.now() / 1000) + 900,
  user: DEMO_USER,
});

const DEFAULTS: Record<string, FakeAnswer> = {
  login: { status: 200 },
  register: { status: 201, body: { user: DEMO_USER, confirmation_required: true } },
  'password-reset': { status: 200, body: { success: true, message: 'sent' } },
  'resend-confirmation': { status: 200, body: { success: true, message: 'sent' } },
  logout: { status: 200, body: { success: true, message: 'Signed out.' } },
  'origin-check': { status: 200, body: { allowed: true, origin: 'https://shop.example' } },
  refresh: { status: 200 },
  'mfa/challenge': { status: 200 },
  'mfa/webauthn/options': {
    status: 200,
    body: {
      challenge: 'c2lnbi1pbi1jaGFsbGVuZ2U',
      rpId: 'localhost',
      allowCredentials: [{ id: 'cGFzc2tleS0x', type: 'public-key' }],
      userVerification: 'preferred',
      timeout: 60000,
    },
  },
};

/**
 * The embedding API as the dialog sees it, in memory, for stories and component tests: each path
 * answers as the scenario says (else like a working server). `calls` records what was sent.
 */
export function fakeApi(scenario: Scenario = {}) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  /** The dialog's start-up origin checks, kept apart from the calls a person's actions make. */
  const checks: string[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api\/auth\//, '');
    const given = scenario[path] as FakeAnswer | undefined;
    if (scenario.offline && !given) throw new TypeError('Failed to fetch');
    if (path === 'origin-check') checks.push(url.search);
    else calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : {} });
    const answer = given ??
      DEFAULTS[path] ?? { status: 404, body: { error: 'Not found', code: 'not_found' } };
    if (answer.hang) return new Promise<Response>(() => undefined);
    const body = answer.body ?? session();
    return new Response(JSON.stringify(body), {
      status: answer.status,
      headers: {
        'content-type': 'application/json',
        ...(answer.retryAfter ? { 'retry-after': String(answer.retryAfter) } : {}),
      },
    });
  };
  const storage = new Map<string, string>();
  const client = new AuthClient({
    applicationId: '65f0000000000000000000aa',
    apiUrl: 'https://iam.example.com',
    fetch,
    storage: {
      getItem: (key) => storage.get(key) ?? null,
      setItem: (key, value) => void storage.set(key, value),
      removeItem: (key) => void storage.delete(key),
    },
  });
  return { client, calls, checks, fetch };
}

export const ORIGIN_REFUSED: Scenario = {
  offline: true,
  'origin-check': {
    status: 403,
    body: {
      error: 'The origin https://shop.example may not call this application.',
      code: 'origin_not_allowed',
      allowed: false,
      origin: 'https://shop.example',
    },
  },
};

/** A sign-in of an account with two-factor: the password is right, the second step is asked for. */
export const mfaRequired = (methods: ('totp' | 'webauthn')[] = ['totp']): FakeAnswer => ({
  status: 200,
  body: { mfa_required: true, mfa_token: 'mfa-step-1', methods, expires_in: 300 },
});

export const WRONG_MFA_CODE: FakeAnswer = {
  status: 400,
  body: {
    error: 'The code is not correct or was already used. Enter the current code from your authenticator app.',
    code: 'invalid_mfa_code',
  },
};

/**
 * Stands in for the browser's passkey prompt (navigator.credentials.get) until the returned
 * function is called: `ok` answers with a made-up assertion (the fake API accepts anything),
 * `cancelled` as if the person closed the prompt.
 */
export function installFakePasskeys(outcome: 'ok' | 'cancelled'): () => void {
  const saved = {
    credential: Object.getOwnPropertyDescriptor(globalThis, 'PublicKeyCredential'),
    credentials: Object.getOwnPropertyDescriptor(navigator, 'credentials'),
  };
  const bytes = (text: string) => new TextEncoder().encode(text).buffer;
  Object.defineProperty(globalThis, 'PublicKeyCredential', { value: function () {}, configurable: true });
  Object.defineProperty(navigator, 'credentials', {
    configurable: true,
    value: {
      get: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (outcome === 'cancelled') throw new DOMException('The prompt was closed.', 'NotAllowedError');
        return {
          id: 'cGFzc2tleS0x',
          rawId: bytes('passkey-1'),
          type: 'public-key',
          authenticatorAttachment: 'platform',
          getClientExtensionResults: () => ({}),
          response: {
            clientDataJSON: bytes('{}'),
            authenticatorData: bytes('a'),
            signature: bytes('s'),
            userHandle: null,
          },
        };
      },
    },
  });
  return () => {
    for (const [target, key, descriptor] of [
      [globalThis, 'PublicKeyCredential', saved.credential],
      [navigator, 'credentials', saved.credentials],
    ] as const) {
      if (descriptor) Object.defineProperty(target, key, descriptor);
      else delete (target as unknown as Record<string, unknown>)[key];
    }
  };
}
