import { AppError } from '../../lib/errors.js';
import { EmbeddingErrors } from './embedding.errors.js';
import { Router } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { createAuthRateLimits, RATE_LIMITED_RESPONSE } from '../auth/index.js';
import { applicationGate, originCheck } from './application-gate.js';
import { session, TAGS, type EmbeddingDependencies, type EmbeddingKit } from './embedding.kit.js';
import { OriginCheckQuerySchema, OriginCheckResponseSchema } from './embedding.schemas.js';
import { registerEmailCodeRoutes } from './embedding.email-code.js';
import { POOL_GOOGLE_NAVIGATIONS, registerPoolGoogleRoutes } from './embedding.google.js';
import { registerHostedRoutes } from './embedding.hosted.js';
import { registerPasskeySignInRoutes } from './embedding.passkeys.js';
import { registerAccountRoutes, registerSessionRoutes } from './embedding.session.js';
import { registerSecondFactorRoutes, registerSignInRoutes } from './embedding.sign-in.js';
import { createRefusedOrigins } from './refused-origins.js';

export type { EmbeddingDependencies } from './embedding.kit.js';

export const EMBEDDING_BASE_PATH = '/api/auth';

/** Outside the application gate: any page may ask whether its origin is allowed. */
const ORIGIN_CHECK_PATH = '/origin-check';
/** GET routes that resolve their application themselves: the check, and browser navigations. */
const UNGATED_GETS: ReadonlySet<string> = new Set([ORIGIN_CHECK_PATH, ...POOL_GOOGLE_NAVIGATIONS]);

/** Request headers a browser may send to the embedding API (the CORS preflight allows them). */
const ALLOWED_HEADERS = ['content-type', 'authorization', 'x-application-id'];

function createKit(api: ApiRouter, deps: EmbeddingDependencies): EmbeddingKit {
  const platformOrigin = new URL(deps.config.publicUrl).origin;
  return {
    api,
    deps,
    // Same limiter names as /api/v1/auth/*, so the counters are shared.
    ...createAuthRateLimits({ connection: deps.connection, config: deps.config }),
    passkeysUsableFrom: (origin) => origin === platformOrigin,
    async signedIn(application, user, method, context, ids, secondFactor) {
      const started = await deps.auth.startSession(
        user,
        method,
        context,
        { applicationId: String(application._id), organizationId: String(application.organization_id) },
        secondFactor,
      );
      // Before answering, so the SDK that gets the token finds its anonymous user linked.
      await deps.tracking.linkQuietly(application, String(user._id), ids);
      return session(started);
    },
    async afterFirstFactor(origin, application, user, firstFactor, context, ids) {
      const challenge = await deps.mfa.challengeFor(user, context, {
        applicationId: String(application._id),
        firstFactor,
      });
      if (!challenge) return this.signedIn(application, user, firstFactor, context, ids);
      const methods =
        origin === platformOrigin ? challenge.methods : challenge.methods.filter((m) => m !== 'webauthn');
      if (methods.length === 0) throw new AppError(EmbeddingErrors.SECOND_FACTOR_UNAVAILABLE);
      return { ...challenge, methods };
    },
  };
}

/**
 * The embedding API (SPEC §7): register, login, refresh, verify and permissions for an
 * application named by the X-Application-ID header, callable from its allowed browser origins.
 * Returns the router to mount at EMBEDDING_BASE_PATH; `api` must be an ApiRouter on that path.
 */
export function createEmbeddingRouter(api: ApiRouter, deps: EmbeddingDependencies): Router {
  const kit = createKit(api, deps);
  registerSignInRoutes(kit);
  registerSecondFactorRoutes(kit);
  registerSessionRoutes(kit);
  registerAccountRoutes(kit);
  registerHostedRoutes(kit, deps.pools);
  registerEmailCodeRoutes(kit);
  registerPasskeySignInRoutes(kit);
  registerPoolGoogleRoutes(kit, EMBEDDING_BASE_PATH);
  // Shown on the application's page in the dashboard (refused-origins.routes.ts).
  const refused = createRefusedOrigins(deps.connection);

  api.route(
    {
      method: 'get',
      path: ORIGIN_CHECK_PATH,
      summary: 'May the calling page’s origin use this application?',
      description:
        'A refused CORS preflight reaches a page only as a network error. This simple request (no custom headers, readable from any origin) tells the page instead: 200 when its Origin may call the application, 403 origin_not_allowed naming the origin to add otherwise (with `allowed: false` and `origin`, nothing else about the application), 404 for an unknown or inactive application. The SDK and the auth widget call it at start-up; a refused origin is listed on the application’s page in the dashboard (GET /api/v1/applications/{id}/refused-origins).',
      tags: TAGS,
      query: OriginCheckQuerySchema,
      responses: {
        200: { description: 'The origin may call', schema: OriginCheckResponseSchema },
        400: { description: 'application_id missing or malformed' },
        403: { description: 'Origin not allowed (origin_not_allowed)' },
        404: { description: 'Application not found or inactive' },
        ...RATE_LIMITED_RESPONSE,
      },
    },
    kit.perIp('origin-check-ip', deps.config.auth.rateLimit.perIp * 10),
    originCheck({ applications: deps.applications, publicUrl: deps.config.publicUrl, refused }),
  );

  const gate = applicationGate({
    applications: deps.applications,
    publicUrl: deps.config.publicUrl,
    allowedHeaders: ALLOWED_HEADERS,
    refused,
  });
  const router = Router();
  router.use(
    (req, res, next) => (req.method === 'GET' && UNGATED_GETS.has(req.path) ? next() : gate(req, res, next)),
    api.router,
  );
  return router;
}
