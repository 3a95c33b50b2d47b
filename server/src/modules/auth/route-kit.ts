import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import type { AuthRateLimits } from './auth.rate-limits.js';
import type { AuthService } from './auth.types.js';

export interface OrganizationMembership {
  id: string;
  name: string;
  slug: string;
  /** A built-in role (`admin`, `member`) or a custom role's name. */
  role: string;
}

export interface TwoFactorSummary {
  methods: string[];
  recovery_codes_left: number;
  required_by: Array<{ id: string; name: string }>;
}

export interface AuthRouteDependencies {
  auth: AuthService;
  config: Config;
  connection: Connection;
  /** Global admin check (SPEC §6); the tenancy module supplies the full rule. */
  isAdmin(user: UserDocument): Promise<boolean>;
  /** The caller's organizations with roles, for /verify. */
  organizationsOf(userId: string): Promise<OrganizationMembership[]>;
  /** Whether an application exists and is active (registration may name one). */
  isApplicationActive(applicationId: string): Promise<boolean>;
  /**
   * The second sign-in step of an account with two-factor (the mfa module): answered instead of
   * session tokens after a correct password; null when the account has none.
   */
  secondFactor?(
    user: UserDocument,
    context: RequestContext,
    scope?: { firstFactor: 'password' | 'google' },
  ): Promise<object | null>;
  /**
   * For GET /auth/me: the account's second factors (the mfa module) and the organizations whose
   * policy requires one (the tenancy module). Absent: none of either.
   */
  twoFactorOf?(user: UserDocument): Promise<TwoFactorSummary>;
}

/** What each group of auth routes is registered with; built once by registerAuthRoutes. */
export interface AuthRouteKit {
  api: ApiRouter;
  /** Mounted at the site root, for /.well-known/. */
  root: ApiRouter;
  deps: AuthRouteDependencies;
  /** Shared with the embedding API, so two doors to one account do not double a budget. */
  limits: AuthRateLimits;
  tags: string[];
}
