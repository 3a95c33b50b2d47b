import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter, RouteSpec } from '../../lib/api-router.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import type { PoolSettingsSource } from '../../core/pools.js';
import type { ApplicationDocument, ApplicationsService } from '../applications/index.js';
import type { AuthRateLimits, AuthService, SecondFactorUsed } from '../auth/index.js';
import type { MfaChallenge, MfaService } from '../mfa/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { PasskeyService } from '../passkeys/index.js';
import type { TrackingService } from '../telemetry/index.js';
import { APPLICATION_HEADER } from './application-gate.js';
import { ApplicationHeaderSchema } from './embedding.schemas.js';

export interface EmbeddingDependencies {
  auth: AuthService;
  applications: ApplicationsService;
  organizations: OrganizationsService;
  config: Config;
  connection: Connection;
  /** Links the SDK's anonymous_id / installation_id sent with a sign-in or registration. */
  tracking: Pick<TrackingService, 'linkQuietly'>;
  /** The second sign-in step of accounts with two-factor (docs/two-factor.md). */
  mfa: Pick<MfaService, 'challengeFor' | 'completeChallenge' | 'pendingChallenge'>;
  /** The second step with a passkey, and the passkey as the first (embedding.passkeys.ts). */
  passkeys: Pick<PasskeyService, 'secondFactorOptions' | 'passwordlessOptions' | 'passwordless'>;
  /** Each pool's settings (the redirect URLs the hosted pages may return to, its sign-in methods). */
  pools: PoolSettingsSource;
  /** An end user's application roles and permissions (the app-roles module). */
  appRoles?: {
    rolesAndPermissionsOf(
      projectId: string,
      user: UserDocument,
    ): Promise<{ roles: string[]; permissions: string[] }>;
  };
}

/** What each group of embedding routes is registered with; built once by createEmbeddingRouter. */
export interface EmbeddingKit extends AuthRateLimits {
  api: ApiRouter;
  deps: EmbeddingDependencies;
  /**
   * Passkeys are bound to PUBLIC_URL's host (the RP ID) and origin: a browser refuses them on a
   * partner's site, and the server would refuse an assertion made there. So the embedding API
   * offers them only to pages on the platform's own origin.
   */
  passkeysUsableFrom(origin: string | undefined): boolean;
  /** Starts the application's session; links the SDK's identifiers before answering. */
  signedIn(
    application: ApplicationDocument,
    user: UserDocument,
    method: 'password' | 'google' | 'email_code' | 'passkey',
    context: RequestContext,
    ids: { anonymous_id?: string; installation_id?: string },
    /** What completed the sign-in's second step, if it had one (the session's `second_factor`). */
    secondFactor?: SecondFactorUsed | null,
  ): Promise<ReturnType<typeof session>>;
  /**
   * After a first factor (password, e-mail code, Google): the second step for an account with
   * two-factor, bound to this application (passkeys only where the page's origin can use them;
   * 403 second_factor_unavailable when nothing is left), else the application's session.
   */
  afterFirstFactor(
    origin: string | undefined,
    application: ApplicationDocument,
    user: UserDocument,
    firstFactor: 'password' | 'google' | 'email_code',
    context: RequestContext,
    ids: { anonymous_id?: string; installation_id?: string },
  ): Promise<MfaChallenge | ReturnType<typeof session>>;
}

export const TAGS = ['Embedding API'];

/** Every gated route's description ends with this. */
const HEADER = `Requires the \`${APPLICATION_HEADER}\` header naming an active application (400 without it, 404 application_not_found for an unknown or inactive one). Browsers may call it only from the application's allowed_origins or its api_endpoint's origin (403 origin_not_allowed otherwise).`;

/** What the application gate answers, for every gated route unless it says more. */
const APP_ERRORS = {
  400: { description: 'Missing or malformed X-Application-ID, or invalid body' },
  403: { description: 'Origin not allowed for this application' },
  404: { description: 'Application not found or inactive' },
};

type Responses = RouteSpec<undefined, undefined, undefined>['responses'];

/** A route behind the application gate: its header, its errors and the description's last sentence. */
export function gated<
  const S extends {
    method: RouteSpec<undefined, undefined, undefined>['method'];
    description: string;
    responses: Responses;
  },
>(spec: S) {
  return {
    ...spec,
    tags: TAGS,
    headers: ApplicationHeaderSchema,
    description: `${spec.description} ${HEADER}`,
    responses: { ...APP_ERRORS, ...spec.responses },
  };
}

/** The embedding API's names for a session's tokens. */
export function session(result: {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  user: unknown;
  second_factor_enrollment_required?: true;
}) {
  return {
    token: result.access_token,
    refresh_token: result.refresh_token,
    expires_at: result.expires_at,
    user: result.user,
    // The pool requires a second factor and the account has none: this session may only set one up.
    ...(result.second_factor_enrollment_required ? { second_factor_enrollment_required: true as const } : {}),
  };
}
