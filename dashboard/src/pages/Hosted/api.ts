import { sessionApi, unwrap, type ApiSchemas } from '../../api/client';

export type EmbeddingSession = ApiSchemas['EmbeddingSession'];
export type MfaRequired = ApiSchemas['MfaRequired'];
/** What a first sign-in step answers: a session, or the second step to take. */
export type SignInAnswer = EmbeddingSession | MfaRequired;
export type SecondFactorAnswer =
  | { code: string }
  | { recovery_code: string }
  | { webauthn_response: ApiSchemas['WebAuthnAuthenticationResponse'] };

/** GET /api/v1/pools/{project_id}/public: what a project's hosted pages show and may offer. */
export type PoolPublicInfo = ApiSchemas['PublicPool'];

/** Where the widget's hosted mode wants the person back, and what binds the code to it. */
export interface HostedCodeRequest {
  redirect_uri: string;
  code_challenge: string;
  state: string;
}

export async function fetchPublicInfo(projectId: string, clientId: string | null): Promise<PoolPublicInfo> {
  return unwrap(
    await sessionApi.GET('/api/v1/pools/{project_id}/public', {
      params: { path: { project_id: projectId }, query: clientId ? { client_id: clientId } : {} },
    }),
  );
}

/**
 * Where the pool's Google sign-in starts (a browser navigation, not a call): back to `returnTo`
 * (a hosted page with its query) with `google_code` or `google_error`.
 */
export function googleStartUrl(applicationId: string, returnTo: string): string {
  const query = new URLSearchParams({ client_id: applicationId, return_to: returnTo });
  return `/api/auth/google/start?${query}`;
}

/** The embedding API (`/api/auth/*`) for one application, as the hosted pages call it. */
export function embeddingApi(applicationId: string) {
  const header = { 'x-application-id': applicationId };
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  return {
    register: async (body: { email: string; password: string; display_name?: string }) =>
      unwrap(await sessionApi.POST('/api/auth/register', { params: { header }, body })),
    login: async (body: { email: string; password: string }): Promise<SignInAnswer> =>
      unwrap(await sessionApi.POST('/api/auth/login', { params: { header }, body })),
    answerSecondFactor: async (mfaToken: string, answer: SecondFactorAnswer): Promise<EmbeddingSession> =>
      unwrap(
        await sessionApi.POST('/api/auth/mfa/challenge', {
          params: { header },
          body: { mfa_token: mfaToken, ...answer },
        }),
      ),
    passkeyOptions: async (mfaToken: string): Promise<unknown> =>
      unwrap(
        await sessionApi.POST('/api/auth/mfa/webauthn/options', {
          params: { header },
          body: { mfa_token: mfaToken },
        }),
      ),
    /** A passkey as the first step (pages on the platform's own origin, a pool offering passkeys). */
    passkeySignInOptions: async (): Promise<unknown> =>
      unwrap(await sessionApi.POST('/api/auth/passkeys/sign-in/options', { params: { header } })),
    /** The passkey is both factors: a session, never a second step. */
    passkeySignIn: async (
      response: ApiSchemas['WebAuthnAuthenticationResponse'],
    ): Promise<EmbeddingSession> =>
      unwrap(await sessionApi.POST('/api/auth/passkeys/sign-in', { params: { header }, body: { response } })),
    /** Always 202: whether a code went out tells nobody whether the address has an account. */
    requestEmailCode: async (email: string) =>
      unwrap(await sessionApi.POST('/api/auth/email-code', { params: { header }, body: { email } })),
    verifyEmailCode: async (email: string, code: string): Promise<SignInAnswer> =>
      unwrap(
        await sessionApi.POST('/api/auth/email-code/verify', { params: { header }, body: { email, code } }),
      ),
    /** Trades the `google_code` the pool's Google sign-in came back with (this browser's only). */
    exchangeGoogleCode: async (code: string): Promise<SignInAnswer> =>
      unwrap(await sessionApi.POST('/api/auth/google/exchange', { params: { header }, body: { code } })),
    requestPasswordReset: async (email: string) =>
      unwrap(await sessionApi.POST('/api/auth/password-reset', { params: { header }, body: { email } })),
    resendConfirmation: async (email: string) =>
      unwrap(await sessionApi.POST('/api/auth/resend-confirmation', { params: { header }, body: { email } })),
    refresh: async (refreshToken: string): Promise<EmbeddingSession> =>
      unwrap(
        await sessionApi.POST('/api/auth/refresh', {
          params: { header },
          body: { refresh_token: refreshToken },
        }),
      ),
    logout: async (token: string) =>
      unwrap(await sessionApi.POST('/api/auth/logout', { params: { header }, headers: bearer(token) })),
    /** The widget's hosted mode: a one-time code for `redirect_uri`, bound to the PKCE challenge. */
    hostedCode: async (token: string, request: HostedCodeRequest) =>
      unwrap(
        await sessionApi.POST('/api/auth/hosted/code', {
          params: { header },
          headers: bearer(token),
          body: request,
        }),
      ),
  };
}

export type EmbeddingApi = ReturnType<typeof embeddingApi>;
