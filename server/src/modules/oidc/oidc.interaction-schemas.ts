import { z } from '../../lib/openapi.js';

/** The request and answer shapes of the interaction routes (oidc.interactions.ts). */

export const ParamsSchema = z.object({
  pool: z.string().regex(/^[0-9a-f]{24}$/, 'a project id (24 hex characters)'),
  uid: z.string().min(1).max(64),
});

export const RedirectSchema = z.object({
  redirect_to: z.string().openapi({ description: 'Where the page navigates next (location.assign).' }),
  session_ended: z.boolean().openapi({
    description:
      'True when the application session handed to this interaction was ended here: it began after the interaction started, served only this sign-in (the provider’s session carries on) — the page forgets it. A session that existed before stays (false).',
  }),
});

export const DetailsSchema = z.object({
  uid: z.string(),
  prompt: z.enum(['login', 'consent']),
  client: z.object({ client_id: z.string(), name: z.string(), first_party: z.boolean() }),
  scopes: z.array(z.string()),
  login_hint: z.string().nullable(),
  fresh_sign_in_required: z.boolean(),
  second_factor_required: z.boolean(),
});

export const ConsentSchema = z.object({ approve: z.boolean() });
/** Login and abort take no fields (the session is the Bearer token); an empty object or no body. */
export const EmptyBodySchema = z.object({}).openapi({ description: 'No fields: `{}` or no body' });
