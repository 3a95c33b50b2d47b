import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../lib/errors.js';
import {
  ApplicationErrors,
  type ApplicationDocument,
  type ApplicationsService,
} from '../applications/index.js';
import { AuthErrors } from '../auth/index.js';
import { authOf } from '../../core/auth-context.js';
import { poolOfProject } from '../../core/pools.js';
import { EmbeddingErrors } from './embedding.errors.js';
import type { RefusedOrigins } from './refused-origins.js';

/** The header naming the application a public (embedding or SDK) request is made for. */
export const APPLICATION_HEADER = 'X-Application-ID';
const ALLOWED_METHODS = 'POST, OPTIONS';
const PREFLIGHT_MAX_AGE_S = 600;
/** Long enough for any real origin; a longer header is cut in the error message. */
const MAX_ORIGIN_SHOWN = 200;

export interface ApplicationGateOptions {
  applications: ApplicationsService;
  /** The platform's own origin (PUBLIC_URL) is always allowed. */
  publicUrl: string;
  /** Request headers a preflight allows (lower case), besides nothing else. */
  allowedHeaders: readonly string[];
  /**
   * 'recent' lets requests be checked against an application read up to a few seconds earlier by this
   * process (ApplicationsService.findActiveRecent): for the SDK ingest API, which sees a request per
   * batch. Default 'current': every request reads the application (the embedding API's sign-ins).
   */
  lookup?: 'current' | 'recent';
  /** Where refusals are noted for the application's page in the dashboard (refused-origins.ts). */
  refused?: Pick<RefusedOrigins, 'record'>;
}

/** The application a gated request was made for, set by `applicationGate`. */
export function gatedApplicationOf(res: Response): ApplicationDocument {
  return res.locals.gatedApplication as ApplicationDocument;
}

/**
 * For authenticated gated routes: the bearer token must come from this application's embedding
 * login. A token of one application is no key to another application's API.
 */
export const sameApplication: RequestHandler = (req, res, next) => {
  if (authOf(req).applicationId !== String(gatedApplicationOf(res)._id))
    throw new AppError(AuthErrors.TOKEN_AUDIENCE_MISMATCH);
  next();
};

/** Where a person allows an origin, as the dashboard names it. */
export const ALLOWED_ORIGINS_PLACE =
  'Dashboard → Projects → your project → the application → Allowed origins';
const ALLOWED_ORIGINS_PLACE_DE = 'Dashboard → Projekte → Ihr Projekt → die Anwendung → Erlaubte Origins';

/**
 * 403 naming the refused origin and where its owner can allow it. `readable` is for the origin
 * check, whose answer any page may read and whose text the SDK writes to the console as it is: it
 * adds the origin as a field and the text in German (it tells the page nothing it did not send).
 */
function originNotAllowed(origin: string, readable = false): AppError {
  const shown = origin.length > MAX_ORIGIN_SHOWN ? `${origin.slice(0, MAX_ORIGIN_SHOWN)}…` : origin;
  const english = `The origin ${shown} may not call this application. Add it to the application's allowed origins (allowed_origins, in the dashboard: ${ALLOWED_ORIGINS_PLACE}).`;
  return new AppError(EmbeddingErrors.ORIGIN_NOT_ALLOWED, {
    message: readable
      ? `${english} Deutsch: Der Origin ${shown} darf diese Anwendung nicht aufrufen; tragen Sie ihn unter ${ALLOWED_ORIGINS_PLACE_DE} ein.`
      : english,
    fields: readable ? { allowed: false, origin: shown } : undefined,
  });
}

/** Notes a refusal for the dashboard; a failure to note it never changes the answer. */
async function noteRefusal(
  refused: ApplicationGateOptions['refused'],
  application: ApplicationDocument,
  origin: string,
): Promise<void> {
  await refused?.record(String(application._id), origin).catch(() => undefined);
}

function isSameOrigin(req: Request, origin: string, publicOrigin: string): boolean {
  return origin === publicOrigin || origin === `${req.protocol}://${req.get('host')}`;
}

function allowOrigin(res: Response, origin: string): void {
  res.set('Access-Control-Allow-Origin', origin);
  res.set('Access-Control-Expose-Headers', 'Retry-After');
}

type FindApplication = (applicationId: string) => Promise<ApplicationDocument | null>;

async function resolveApplication(
  findApplication: FindApplication,
  id: string | undefined,
): Promise<ApplicationDocument> {
  if (!id || !/^[0-9a-f]{24}$/i.test(id)) throw new AppError(EmbeddingErrors.APPLICATION_ID_REQUIRED);
  const application = await findApplication(id);
  if (!application) throw new AppError(ApplicationErrors.NOT_FOUND);
  return application;
}

/**
 * GET ?application_id=…: may the calling page's origin use this application? A refused preflight
 * reaches a page only as "Failed to fetch", the same as a network failure; this answer is readable
 * from every origin (a simple request, `Access-Control-Allow-Origin: *`, no credentials), so the
 * auth dialog can tell a person which origin to add. It reveals no more than a preflight with
 * `?application_id=` already does: whether one origin is listed.
 */
export function originCheck(
  options: Pick<ApplicationGateOptions, 'applications' | 'publicUrl' | 'refused'>,
): RequestHandler {
  const publicOrigin = new URL(options.publicUrl).origin;
  return async (req, res) => {
    res.set({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
    const origin = req.get('origin');
    const id = typeof req.query.application_id === 'string' ? req.query.application_id : undefined;
    const application = await resolveApplication(
      (applicationId) => options.applications.findActive(applicationId),
      id,
    );
    if (origin !== undefined && !isSameOrigin(req, origin, publicOrigin)) {
      if (!application.cors_origins.includes(origin)) {
        await noteRefusal(options.refused, application, origin);
        throw originNotAllowed(origin, true);
      }
    }
    res.json({ allowed: true, origin: origin ?? null });
  };
}

/**
 * CORS and application resolution for the APIs that browsers on partner sites call with the
 * X-Application-ID header: the embedding API (docs/tenancy-projects-applications.md) and the SDK's
 * tracking ingest (docs/tracking-api.md). Put it in front of POST routes; it answers OPTIONS itself.
 *
 * A preflight carries no X-Application-ID value, so it cannot name the application: it is
 * answered for origins listed by the application in `?application_id=` when given, otherwise by
 * any active application. That grants nothing by itself — every actual request is checked
 * against the exact application's origins before anything else runs, and refused with 403 and
 * no Access-Control-Allow-Origin when the origin is not among them. A request without Origin (a
 * server, a script) is not a browser's cross-origin request and passes. No credentials mode is
 * offered (no cookies are involved), so a permissive preflight lends no ambient authority.
 */
export function applicationGate(options: ApplicationGateOptions): RequestHandler {
  const { applications } = options;
  const findApplication: FindApplication =
    options.lookup === 'recent'
      ? (id) => applications.findActiveRecent(id)
      : (id) => applications.findActive(id);
  const publicOrigin = new URL(options.publicUrl).origin;
  const allowedHeaders = options.allowedHeaders.join(', ');

  async function preflightAllows(req: Request, origin: string): Promise<boolean> {
    const applicationId = typeof req.query.application_id === 'string' ? req.query.application_id : undefined;
    if (applicationId === undefined) return applications.isOriginListed(origin);
    const application = /^[0-9a-f]{24}$/i.test(applicationId) ? await findApplication(applicationId) : null;
    if (!application) return false;
    if (application.cors_origins.includes(origin)) return true;
    await noteRefusal(options.refused, application, origin);
    return false;
  }

  return async (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    const crossOrigin = origin !== undefined && !isSameOrigin(req, origin, publicOrigin);

    if (req.method === 'OPTIONS') {
      if (crossOrigin && !(await preflightAllows(req, origin))) throw originNotAllowed(origin);
      if (crossOrigin) allowOrigin(res, origin);
      res.set({
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': allowedHeaders,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
      });
      res.status(204).end();
      return;
    }

    let application: ApplicationDocument;
    try {
      application = await resolveApplication(findApplication, req.get(APPLICATION_HEADER));
    } catch (error) {
      // Let a listed origin read why its request failed (a wrong id is a configuration mistake).
      if (crossOrigin && (await applications.isOriginListed(origin))) allowOrigin(res, origin);
      throw error;
    }
    if (crossOrigin) {
      if (!application.cors_origins.includes(origin)) {
        await noteRefusal(options.refused, application, origin);
        throw originNotAllowed(origin);
      }
      allowOrigin(res, origin);
    }
    res.locals.gatedApplication = application;
    // Accounts are looked up, registered and signed in within the application's project pool.
    req.pool = poolOfProject(application.project_id);
    next();
  };
}
