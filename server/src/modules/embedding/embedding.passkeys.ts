import type { Request } from 'express';
import { AppError } from '../../lib/errors.js';
import { z } from '../../lib/openapi.js';
import { requestContext, type RequestContext } from '../../core/request-context.js';
import { AuthErrors, RATE_LIMITED_RESPONSE } from '../auth/index.js';
import { AuthenticationOptionsSchema, AuthenticationResponseSchema } from '../passkeys/index.js';
import { AnonymousIdSchema, InstallationIdSchema } from '../telemetry/index.js';
import { gatedApplicationOf } from './application-gate.js';
import { EmbeddingErrors } from './embedding.errors.js';
import { gated, type EmbeddingKit } from './embedding.kit.js';
import { EmbeddingSessionSchema } from './embedding.schemas.js';

const EmbeddingPasskeySignInSchema = z
  .object({
    response: AuthenticationResponseSchema,
    anonymous_id: AnonymousIdSchema.optional(),
    installation_id: InstallationIdSchema.optional(),
  })
  .openapi('EmbeddingPasskeySignInRequest');

/** Where a passkey sign-in may start: the platform's own pages, in a pool that offers passkeys. */
const REFUSALS = {
  403: {
    description:
      "Origin not allowed; passkey_sign_in_unavailable (a page on another origin than the platform's, whose browser cannot use the passkeys); sign_in_method_disabled (the pool's methods do not include passkey)",
  },
};

/**
 * Sign-in with a passkey alone (issue #31: passkeys as one of a pool's sign-in methods), for an
 * end user of the application's pool — the embedding API's counterpart of the dashboard's
 * POST /api/v1/auth/passkeys/sign-in, on the same passkeys service, scoped to the request's pool.
 *
 * Passkeys are bound to PUBLIC_URL's RP ID, so only pages on the platform's own origin (the pool's
 * hosted sign-in page) can use them; a partner's page is refused before any challenge is issued.
 * The passkey is both factors at once (user verification required), so there is no second step,
 * as on the dashboard.
 */
export function registerPasskeySignInRoutes(kit: EmbeddingKit): void {
  const { api, deps, perIp } = kit;

  /** Refuses what no passkey ceremony of this pool could complete, before anything is stored. */
  async function assertPasskeysUsable(req: Request, context: RequestContext): Promise<void> {
    if (!kit.passkeysUsableFrom(req.get('origin')))
      throw new AppError(EmbeddingErrors.PASSKEY_SIGN_IN_UNAVAILABLE);
    if (!(await deps.pools.settingsOf(context.pool)).methods.includes('passkey'))
      throw new AppError(AuthErrors.SIGN_IN_METHOD_DISABLED);
  }

  api.route(
    gated({
      method: 'post',
      path: '/passkeys/sign-in/options',
      summary: 'Sign an end user in with a passkey: the options',
      description:
        "Options for navigator.credentials.get() without an account (a discoverable credential of the application's pool chooses it); the challenge is stored hashed, valid 5 minutes, used once, and good for this pool only. Only from pages on the platform's own origin (the pool's hosted sign-in page), and only when the pool's sign-in `methods` include `passkey`. Answer with POST /api/auth/passkeys/sign-in.",
      responses: {
        200: { description: 'Authentication options', schema: AuthenticationOptionsSchema },
        ...REFUSALS,
        ...RATE_LIMITED_RESPONSE,
      },
    }),
    // The dashboard's limiter name: one budget of passkey challenges per address for both.
    perIp('passkey-options-ip'),
    async (req, res) => {
      const context = requestContext(req);
      await assertPasskeysUsable(req, context);
      res.json(await deps.passkeys.passwordlessOptions(context.pool));
    },
  );

  api.route(
    gated({
      method: 'post',
      path: '/passkeys/sign-in',
      summary: 'Sign an end user in with a passkey',
      description:
        "Verifies the assertion of a discoverable credential (user verification required: the passkey is both factors, so there is no second step) against a challenge of POST /api/auth/passkeys/sign-in/options, and answers with the application's session like POST /api/auth/login. Only a passkey of an account of the application's pool signs in: one of a dashboard account or of another pool is refused like an unknown one, with the same passkey_not_accepted as every other failure, so the answer tells nothing about which accounts exist. A blocked account answers 403 account_blocked. Same origin and method conditions as the options.",
      body: EmbeddingPasskeySignInSchema,
      responses: {
        200: { description: 'Signed in', schema: EmbeddingSessionSchema },
        400: { description: 'Invalid body, or passkey_not_accepted' },
        403: { description: `${REFUSALS[403].description}; account_blocked` },
        ...RATE_LIMITED_RESPONSE,
      },
    }),
    // The sign-in budget per address is shared with POST /login and the dashboard's sign-ins.
    perIp('login-ip'),
    async (req, res) => {
      const context = requestContext(req);
      await assertPasskeysUsable(req, context);
      const { response, anonymous_id, installation_id } = req.valid.body;
      const user = await deps.passkeys.passwordless(response, context);
      res.json(
        await kit.signedIn(gatedApplicationOf(res), user, 'passkey', context, {
          anonymous_id,
          installation_id,
        }),
      );
    },
  );
}
