import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../lib/errors.js';
import {
  ApplicationErrors,
  type ApplicationDocument,
  type ApplicationsService,
} from '../applications/index.js';
import { EmbeddingErrors } from './embedding.errors.js';

export const APPLICATION_HEADER = 'X-Application-ID';
const ALLOWED_HEADERS = 'content-type, authorization, x-application-id';
const ALLOWED_METHODS = 'POST, OPTIONS';
const PREFLIGHT_MAX_AGE_S = 600;

/** The application an embedding request was made for, set by `embeddingGate`. */
export function embeddingApplicationOf(res: Response): ApplicationDocument {
  return res.locals.embeddingApplication as ApplicationDocument;
}

function isSameOrigin(req: Request, origin: string, publicOrigin: string): boolean {
  return origin === publicOrigin || origin === `${req.protocol}://${req.get('host')}`;
}

function allowOrigin(res: Response, origin: string): void {
  res.set('Access-Control-Allow-Origin', origin);
  res.set('Access-Control-Expose-Headers', 'Retry-After');
}

/**
 * CORS and application resolution for the embedding API (docs/tenancy-projects-applications.md).
 *
 * A preflight carries no X-Application-ID value, so it cannot name the application: it is
 * answered for origins listed by the application in `?application_id=` when given, otherwise by
 * any active application. That grants nothing by itself — every actual request is checked
 * against the exact application's origins before anything else runs, and refused with 403 and
 * no Access-Control-Allow-Origin when the origin is not among them. No credentials mode is
 * offered (no cookies are involved), so a permissive preflight lends no ambient authority.
 */
export function embeddingGate(deps: {
  applications: ApplicationsService;
  publicUrl: string;
}): RequestHandler {
  const { applications } = deps;
  const publicOrigin = new URL(deps.publicUrl).origin;

  async function resolveApplication(id: string | undefined): Promise<ApplicationDocument> {
    if (!id || !/^[0-9a-f]{24}$/i.test(id)) throw new AppError(EmbeddingErrors.APPLICATION_ID_REQUIRED);
    const application = await applications.findActive(id);
    if (!application) throw new AppError(ApplicationErrors.NOT_FOUND);
    return application;
  }

  async function preflightAllows(req: Request, origin: string): Promise<boolean> {
    const applicationId = typeof req.query.application_id === 'string' ? req.query.application_id : undefined;
    if (applicationId === undefined) return applications.isOriginListed(origin);
    const application = await applications.findActive(applicationId);
    return Boolean(application?.cors_origins.includes(origin));
  }

  return async (req, res, next) => {
    res.vary('Origin');
    const origin = req.get('origin');
    const crossOrigin = origin !== undefined && !isSameOrigin(req, origin, publicOrigin);

    if (req.method === 'OPTIONS') {
      if (crossOrigin && !(await preflightAllows(req, origin)))
        throw new AppError(EmbeddingErrors.ORIGIN_NOT_ALLOWED);
      if (crossOrigin) allowOrigin(res, origin);
      res.set({
        'Access-Control-Allow-Methods': ALLOWED_METHODS,
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_S),
      });
      res.status(204).end();
      return;
    }

    let application: ApplicationDocument;
    try {
      application = await resolveApplication(req.get(APPLICATION_HEADER));
    } catch (error) {
      // Let a listed origin read why its request failed (a wrong id is a configuration mistake).
      if (crossOrigin && (await applications.isOriginListed(origin))) allowOrigin(res, origin);
      throw error;
    }
    if (crossOrigin) {
      if (!application.cors_origins.includes(origin)) throw new AppError(EmbeddingErrors.ORIGIN_NOT_ALLOWED);
      allowOrigin(res, origin);
    }
    res.locals.embeddingApplication = application;
    next();
  };
}
