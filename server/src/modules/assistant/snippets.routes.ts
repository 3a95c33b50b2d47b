import type { ApiRouter } from '../../lib/api-router.js';
import { IdParams } from '../../core/schemas.js';
import { applicationCallerOf } from '../applications/index.js';
import { SnippetListSchema, SnippetsQuery } from './assistant.schemas.js';
import type { Config } from '../../config.js';
import type { ApplicationsService } from '../applications/index.js';
import type { AssistantService } from './assistant.service.js';

export interface SnippetRouteDependencies {
  assistant: Pick<AssistantService, 'snippets'>;
  /** Reads the application as its own GET route does (tenancy, API tokens, 404s). */
  applications: Pick<ApplicationsService, 'get'>;
  config: Pick<Config, 'publicUrl'>;
}

/** `GET /api/v1/applications/{id}/snippets`: integration code for one application (snippets.ts). */
export function registerSnippetRoutes(api: ApiRouter, deps: SnippetRouteDependencies): void {
  api.route(
    {
      method: 'get',
      permission: 'application:read',
      path: '/applications/:id/snippets',
      summary: 'Integration code for an application',
      description:
        'Ready-to-paste code for this application: the auth widget by script tag, SDK tracking, the Python client, the server-side token check (`POST /api/auth/verify`) and OpenID Connect sign-in with openid-client — the application id, this server’s URL, the allowed origins and the OpenID issuer filled in. Made from templates that follow the cited guide sections; every operation the code calls is in this document. Members of the application’s organization (application:read); not with API tokens.',
      tags: ['Applications'],
      authenticated: true,
      params: IdParams,
      query: SnippetsQuery,
      responses: {
        200: { description: 'The snippets', schema: SnippetListSchema },
        404: { description: 'No such active application among the caller’s (also for other tenants’ ids)' },
      },
    },
    async (req, res) => {
      const application = await deps.applications.get(applicationCallerOf(req), req.valid.params.id);
      const { kind, locale } = req.valid.query;
      res.json({
        application_id: application.id,
        api_url: deps.config.publicUrl,
        allowed_origins: application.allowed_origins,
        data: await deps.assistant.snippets(application, locale, kind ? [kind] : undefined),
      });
    },
  );
}
