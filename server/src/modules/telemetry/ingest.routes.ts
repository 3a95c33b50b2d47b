import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import type { ApiRouter } from '../../lib/api-router.js';
import { dispatchDirectly } from '../../lib/route-table.js';
import { requestContext } from '../../core/request-context.js';
import type { ApplicationDocument } from '../applications/index.js';
import { authOf } from '../../core/auth-context.js';
import {
  AnalyticsBatchResponseSchema,
  AnalyticsBatchSchema,
  IdentifyResponseSchema,
  IdentifySchema,
  IngestHeadersSchema,
  LogActivityResponseSchema,
  LogActivitySchema,
  MAX_BATCH_BYTES,
  MAX_EVENTS_PER_BATCH,
  RegisterInstallationResponseSchema,
  RegisterInstallationSchema,
} from './ingest.schemas.js';
import { sdkVersionOf } from './sdk-version.js';
import { createIngestLimits } from './ingest.limits.js';
import type { IngestSource, TrackingService } from './ingest.types.js';

/** Request headers a browser may send to the ingest routes (the CORS preflight allows them). */
export const INGEST_ALLOWED_HEADERS = ['content-type', 'authorization', 'x-application-id', 'x-sdk-version'];
const INGEST_PATHS = ['/installations', '/activity', '/analytics', '/identify'];

/**
 * The application gate of the embedding module (X-Application-ID, allowed origins, CORS), built
 * with INGEST_ALLOWED_HEADERS and handed in by the app, so both APIs share one implementation.
 */
export interface IngestGate {
  handler: RequestHandler;
  applicationOf(res: Response): ApplicationDocument;
  /** For /identify: the bearer token must come from this application's embedding sign-in. */
  sameApplication: RequestHandler;
}

export interface TrackingIngestDependencies {
  tracking: TrackingService;
  connection: Connection;
  config: Config;
  gate: IngestGate;
}

/**
 * POST /analytics may carry up to MAX_BATCH_BYTES whatever BODY_LIMIT is; beyond, 413 in our error
 * shape. Mount on the API base path before the app's own JSON parser (which then leaves it alone).
 */
export function analyticsBodyParser(): RequestHandler {
  const parse = express.json({ limit: MAX_BATCH_BYTES });
  return (req, res, next) => {
    if (req.method === 'POST' && /^\/analytics\/?$/i.test(req.path)) parse(req, res, next);
    else next();
  };
}

/**
 * The SDK-facing ingest API (docs/tracking-api.md): installations, activity, analytics batches and
 * identify, each for the application named by X-Application-ID and callable from its allowed
 * browser origins. Returns the router to mount on the API base path before the main API router;
 * `ingestApi` must be an ApiRouter on that path with the route guard (for /identify).
 */
export function createTrackingIngestRouter(ingestApi: ApiRouter, deps: TrackingIngestDependencies): Router {
  const { tracking, gate } = deps;
  // After the gate, so the header names an active application.
  const limits = createIngestLimits(deps.connection, deps.config);

  const source = (req: Request, res: Response): IngestSource => {
    const context = requestContext(req);
    return {
      application: gate.applicationOf(res),
      ip: context.ip,
      userAgent: context.userAgent,
      sdkVersion: sdkVersionOf(req),
    };
  };

  const tags = ['Tracking ingest'];
  const about =
    "Authenticated by the `X-Application-ID` header (400 application_id_required without a valid one, 404 application_not_found for an unknown or inactive application). Browsers may call it only from the application's allowed_origins (403 origin_not_allowed naming the origin otherwise); requests without Origin (servers) are accepted. Rate limited per application and client address, per application and installation, and per application (429 rate_limited with Retry-After).";
  const common = {
    400: { description: 'Missing or malformed X-Application-ID, or invalid body (details name the fields)' },
    403: { description: 'Origin not among the application’s allowed origins' },
    404: { description: 'Application not found or inactive' },
    429: { description: 'Rate limited; see Retry-After' },
  };

  ingestApi.route(
    {
      method: 'post',
      permission: null,
      permissionReason:
        "partner SDK call: the application (X-Application-ID) is the credential, no member's role",
      path: '/installations',
      summary: 'Register an installation (register_installation)',
      description: `Upserts the installation by (application, installation_id): first_seen_at is kept, last_seen_at moves, session_count grows by one for a session id not seen before. Also upserts the anonymous user. ${about}`,
      tags,
      headers: IngestHeadersSchema,
      body: RegisterInstallationSchema,
      responses: {
        200: { description: 'Known installation updated', schema: RegisterInstallationResponseSchema },
        201: { description: 'New installation', schema: RegisterInstallationResponseSchema },
        ...common,
      },
    },
    async (req, res) => {
      const outcome = await tracking.registerInstallation(source(req, res), req.valid.body);
      res.status(outcome.created ? 201 : 200).json({
        success: true,
        installation_id: req.valid.body.installation_id,
        new_session: outcome.newSession,
      });
    },
  );

  ingestApi.route(
    {
      method: 'post',
      permission: null,
      permissionReason:
        "partner SDK call: the application (X-Application-ID) is the credential, no member's role",
      path: '/activity',
      summary: 'Log an activity (log_installation_activity)',
      description: `Appends to the application's activity logs with its project and organization, the client's IP address and user agent and the X-SDK-Version, marked \`source: "sdk"\`. Actions in the platform's own audit namespaces (\`user.\`, \`member.\`, \`organization.\`, \`token.\`, …) are refused with 400 reserved_action. ${about}`,
      tags,
      headers: IngestHeadersSchema,
      body: LogActivitySchema,
      responses: { 201: { description: 'Logged', schema: LogActivityResponseSchema }, ...common },
    },
    async (req, res) => {
      const activityId = await tracking.logActivity(source(req, res), req.valid.body);
      res.status(201).json({ success: true, activity_id: activityId });
    },
  );

  ingestApi.route(
    {
      method: 'post',
      permission: null,
      permissionReason:
        "partner SDK call: the application (X-Application-ID) is the credential, no member's role",
      path: '/analytics',
      summary: 'Send a batch of analytics events',
      description: `At most ${MAX_EVENTS_PER_BATCH} events (400 beyond) and ${MAX_BATCH_BYTES / 1024 / 1024} MB (413 payload_too_large beyond). An event whose id is already stored for the application is neither stored nor counted again, so a retried batch is harmless. Events stamped more than 5 minutes ahead or older than the retention window are refused one by one (see \`rejected\`); the rest is stored. ${about}`,
      tags,
      headers: IngestHeadersSchema,
      body: AnalyticsBatchSchema,
      responses: {
        200: { description: 'Batch processed', schema: AnalyticsBatchResponseSchema },
        ...common,
        413: { description: 'Body larger than 1 MB' },
      },
    },
    async (req, res) => {
      res.json(await tracking.ingestEvents(source(req, res), req.valid.body));
    },
  );

  ingestApi.route(
    {
      method: 'post',
      permission: null,
      permissionReason:
        "partner SDK call: the application (X-Application-ID) is the credential, no member's role",
      path: '/identify',
      summary: 'Link the anonymous user and installation to the signed-in user',
      description: `Takes only access tokens from this application's embedding sign-in (POST /api/auth/login); dashboard tokens and other applications' tokens get 401 token_audience_mismatch, API tokens 403. Signing in or registering through the embedding API with anonymous_id / installation_id in the body does the same. ${about}`,
      tags,
      headers: IngestHeadersSchema,
      authenticated: true,
      applicationSessions: 'only',
      body: IdentifySchema,
      responses: { 200: { description: 'Linked', schema: IdentifyResponseSchema }, ...common },
    },
    gate.sameApplication,
    async (req, res) => {
      res.json(await tracking.identify(gate.applicationOf(res), authOf(req).userId, req.valid.body));
    },
  );

  const router = Router();
  router.options(INGEST_PATHS, gate.handler);
  router.post(INGEST_PATHS, gate.handler, limits);
  router.use(ingestApi.router);
  // In front of the whole product API: a path none of these routes takes passes straight on.
  dispatchDirectly(router);
  return router;
}
