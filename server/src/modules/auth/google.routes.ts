import type { RequestHandler } from 'express';
import { AppError } from '../../lib/errors.js';
import { AuthErrors } from './auth.errors.js';
import { ProvidersSchema } from './auth.schemas.js';
import { createGoogleHandlers } from './google.js';
import type { AuthRouteKit } from './route-kit.js';

const googleDisabled: RequestHandler = () => {
  throw new AppError(AuthErrors.PROVIDER_DISABLED);
};

/** The sign-in methods on offer, and Google sign-in (404 on both steps when not configured). */
export function registerGoogleRoutes({ api, deps, tags }: AuthRouteKit): void {
  const google = createGoogleHandlers(deps.config, deps.auth);

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: "public: no organization (the caller signs in, or a link's token is the credential)",
      path: '/auth/providers',
      summary: 'Sign-in methods this server offers',
      tags,
      responses: { 200: { description: 'Providers', schema: ProvidersSchema } },
    },
    (_req, res) => {
      res.json({
        providers: [
          { id: 'password', name: 'E-mail and password', authorize_url: null },
          ...(google
            ? [{ id: 'google' as const, name: 'Google', authorize_url: '/api/v1/auth/google' }]
            : []),
        ],
      });
    },
  );

  const steps: Array<{
    path: string;
    summary: string;
    description: string;
    redirect: Record<number, { description: string }>;
    handler: RequestHandler | undefined;
  }> = [
    {
      path: '/auth/google',
      summary: 'Start Google sign-in',
      description:
        'Redirects to Google (authorization code flow with PKCE and a one-time state). 404 when not configured.',
      redirect: { 302: { description: 'Redirect to Google' } },
      handler: google?.start,
    },
    {
      path: '/auth/google/callback',
      summary: 'Google sign-in callback',
      description:
        'Checks state, creates or links the account by verified e-mail, then redirects to the dashboard with a one-time `code` for POST /auth/exchange (or `error`).',
      redirect: { 303: { description: 'Redirect to the dashboard' } },
      handler: google?.callback,
    },
  ];
  for (const step of steps) {
    api.route(
      {
        method: 'get',
        permission: null,
        permissionReason:
          "public: no organization (the caller signs in, or a link's token is the credential)",
        path: step.path,
        summary: step.summary,
        description: step.description,
        tags,
        responses: { ...step.redirect, 404: { description: 'Google sign-in not configured' } },
      },
      step.handler ?? googleDisabled,
    );
  }
}
