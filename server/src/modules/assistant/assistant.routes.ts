import type { NextFunction, Request, Response } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { AppError } from '../../lib/errors.js';
import { clientIpKey, createRateLimiter } from '../../lib/rate-limit/index.js';
import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import { authOf } from '../../core/auth-context.js';
import { OrganizationErrors, type OrganizationsService } from '../organizations/index.js';
import type { ApplicationsService } from '../applications/index.js';
import {
  AnswerSchema,
  AskSchema,
  GuideListSchema,
  GuideParams,
  GuideSchema,
  UnansweredListSchema,
  UnansweredQuery,
} from './assistant.schemas.js';
import type { AssistantService } from './assistant.service.js';
import { registerSnippetRoutes } from './snippets.routes.js';

export interface AssistantRouteDependencies {
  assistant: AssistantService;
  connection: Connection;
  config: Config;
  organizations: Pick<OrganizationsService, 'isGlobalAdmin'>;
  /** Reads the application for the integration snippets, as its own GET route does (tenancy, 404s). */
  applications: Pick<ApplicationsService, 'get'>;
}

/**
 * The AI integration guide: how an AI coding assistant should integrate this platform, then every
 * endpoint and SDK call (`text/markdown`; `?download=1` as the attachment iam-platform-ai-integration.md).
 */
export const INTEGRATION_GUIDE_PATH = '/assistant/integration-guide';

/** Where SPEC §7 calls the documentation function: `POST functions/v1/ai-documentation`. */
export const AI_DOCUMENTATION_FUNCTION_PATH = '/functions/v1/ai-documentation';

/**
 * The documentation assistant (at /api/v1/assistant/ask and the spec's function path on `root`),
 * the guides the docs page renders, and the generated AI integration guide. All public but the
 * list of unanswered questions, which is for global admins.
 */
export function registerAssistantRoutes(
  api: ApiRouter,
  root: ApiRouter,
  deps: AssistantRouteDependencies,
): void {
  const { assistant, config } = deps;
  const tags = ['Documentation'];
  // One limiter on both paths, so they share one budget per client.
  const perIp = createRateLimiter({
    connection: deps.connection,
    name: 'assistant-ip',
    windowS: config.assistant.rateLimit.windowS,
    limit: config.assistant.rateLimit.perIp,
    key: clientIpKey,
  });

  for (const [router, path] of [
    [api, '/assistant/ask'],
    [root, AI_DOCUMENTATION_FUNCTION_PATH],
  ] as const) {
    router.route(
      {
        method: 'post',
        permission: null,
        permissionReason: 'public documentation assistant: the same for every caller',
        path,
        summary:
          router === api
            ? 'Ask the documentation assistant'
            : 'Ask the documentation assistant (SPEC §7 function ai-documentation)',
        description:
          'Answers from the guides, this API’s operations and the SDK reference (BM25 search), citing the ' +
          'sections it used; below a relevance threshold it says it found nothing and suggests the closest ' +
          'sections. With ASSISTANT_LLM_URL set, a language model phrases the answer from those sections only. ' +
          'Rate limited per client IP.' +
          (router === root ? ' Same as POST /api/v1/assistant/ask.' : ''),
        tags,
        body: AskSchema,
        responses: {
          200: { description: 'The answer and its sources', schema: AnswerSchema },
          400: { description: 'Empty or blank question (question_required), or one too long' },
          429: { description: 'Too many questions from this address; see Retry-After' },
        },
      },
      perIp,
      async (req, res) => {
        res.json(await assistant.ask(req.valid.body.question, req.valid.body.prompt_type));
      },
    );
  }

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'public guides',
      path: '/guides',
      summary: 'List the guides',
      description: 'The Markdown guides of docs/ in the order of its index, and the generated SDK reference.',
      tags,
      responses: { 200: { description: 'Guides', schema: GuideListSchema } },
    },
    async (_req, res) => {
      res.json({ data: await assistant.guides(), next_cursor: null });
    },
  );

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'public guides',
      path: '/guides/:slug',
      summary: 'Get a guide',
      description: 'One guide with its Markdown, as the docs page renders it.',
      tags,
      params: GuideParams,
      responses: {
        200: { description: 'The guide', schema: GuideSchema },
        404: { description: 'No such guide (guide_not_found)' },
      },
    },
    async (req, res) => {
      res.json(await assistant.guide(req.valid.params.slug));
    },
  );

  // Markdown, not JSON, so it is served beside the OpenAPI document rather than described in it
  // (like /api/v1/openapi.json itself); docs/documentation.md documents it.
  api.router.get(INTEGRATION_GUIDE_PATH, async (req, res) => {
    if (req.query.download === '1') res.attachment('iam-platform-ai-integration.md');
    res.type('text/markdown; charset=utf-8').send(await assistant.integrationGuide());
  });

  registerSnippetRoutes(api, deps);

  const requireGlobalAdmin = async (req: Request, _res: Response, next: NextFunction) => {
    if (!(await deps.organizations.isGlobalAdmin(authOf(req).user)))
      throw new AppError(OrganizationErrors.ADMIN_ONLY);
    next();
  };

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason: 'global admins only (SPEC §6), in no organization',
      path: '/assistant/unanswered',
      summary: 'Questions the assistant found nothing for (global admins)',
      description: 'Counted per question (case and spacing ignored), most often asked first.',
      tags,
      authenticated: true,
      query: UnansweredQuery,
      responses: {
        200: { description: 'Unanswered questions', schema: UnansweredListSchema },
        403: { description: 'Not a global admin' },
      },
    },
    requireGlobalAdmin,
    async (req, res) => {
      res.json({ data: await assistant.unansweredQuestions(req.valid.query.limit), next_cursor: null });
    },
  );
}
