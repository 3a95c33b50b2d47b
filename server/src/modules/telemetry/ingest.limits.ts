import type { Request, RequestHandler } from 'express';
import type { Connection } from 'mongoose';
import type { Config } from '../../config.js';
import { allRateLimits, clientIpKey, createRateLimiter, leaseOf } from '../../lib/rate-limit/index.js';
import { InstallationIdSchema } from './ingest.schemas.js';

/** The application the gate let through, as its header names it. */
const applicationOf = (req: Request) => req.get('x-application-id')?.toLowerCase();

/**
 * The installation a request speaks for: `installation_id` of /installations, /activity and
 * /identify, `session_info.installation_id` of /analytics. Only a well-formed id counts (anything
 * else fails validation after the limits anyway).
 */
function installationOf(req: Request): string | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const fields = body as { installation_id?: unknown; session_info?: { installation_id?: unknown } | null };
  const id =
    fields.installation_id ??
    (typeof fields.session_info === 'object' ? fields.session_info?.installation_id : undefined);
  return InstallationIdSchema.safeParse(id).success ? (id as string) : undefined;
}

/**
 * The ingest API's rate limits (issue 37, item 8: one application's allowance must not be used up by
 * a flood from many addresses). Each request counts against
 * - its (application, client address) bucket — a flooding address hits its own limit first;
 * - its (application, installation) bucket — one installation id sent from many addresses, likewise;
 * - the application's ceiling, the last protection of the database, which config sizes to at least
 *   (INGEST_RATE_LIMIT_FLOOD_ADDRESSES + 1) × the per-address limit.
 * A request refused by one of them is taken back from the others (allRateLimits), so refused floods
 * do not eat into the ceiling. The address and application buckets are shared by every process in
 * leases (one database round trip per lease, as before); installation buckets, one per installation
 * and mostly a few requests each, are counted in process memory so they add no round trip.
 */
export function createIngestLimits(connection: Connection, config: Config): RequestHandler {
  const limits = config.tracking.rateLimit;
  const perAddress = createRateLimiter({
    connection,
    // The name (and so the RateLimit-Policy header) predates the application in the key.
    name: 'ingest-ip',
    windowS: limits.windowS,
    limit: limits.perIp,
    leaseHits: leaseOf(limits.perIp),
    key: (req) => {
      const address = clientIpKey(req);
      return address === undefined ? undefined : `${applicationOf(req)}:${address}`;
    },
    message: 'Too many tracking requests from this address. Please try again later.',
  });
  const perInstallation = createRateLimiter({
    connection,
    name: 'ingest-installation',
    windowS: limits.windowS,
    limit: limits.perInstallation,
    counting: 'process',
    key: (req) => {
      const installation = installationOf(req);
      return installation === undefined ? undefined : `${applicationOf(req)}:${installation}`;
    },
    message: 'Too many tracking requests from this installation. Please try again later.',
  });
  const perApplication = createRateLimiter({
    connection,
    name: 'ingest-application',
    windowS: limits.windowS,
    limit: limits.perApplication,
    leaseHits: leaseOf(limits.perApplication),
    key: applicationOf,
    message: 'Too many tracking requests for this application. Please try again later.',
  });
  return allRateLimits(perAddress, perInstallation, perApplication);
}
