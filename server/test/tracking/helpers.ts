import { randomBytes } from 'node:crypto';
import type { Test } from 'supertest';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext } from '../auth/helpers.js';
import { createApplication } from '../projects/helpers.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';

export const PARTNER_ORIGIN = 'https://shop.example.com';
export const FOREIGN_ORIGIN = 'https://evil.example.net';

/** An identifier as the SDKs make them: prefix + 32 hex digits. */
export function newId(prefix: 'inst_' | 'anon_' | 'sess_' | 'evt_'): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

/** An app for tracking tests: generous auth limits, and ingest limits unless overridden. */
export function createTrackingContext(env: Record<string, string> = {}): Promise<TestContext> {
  return createAuthContext({
    INGEST_RATE_LIMIT_PER_IP: '100000',
    INGEST_RATE_LIMIT_PER_APPLICATION: '100000',
    ...env,
  });
}

export interface TrackedTenant extends Tenant {
  /** Allows PARTNER_ORIGIN. */
  applicationId: string;
}

/** A tenant whose application allows PARTNER_ORIGIN. */
export async function createTrackedTenant(ctx: TestContext, prefix = 'owner'): Promise<TrackedTenant> {
  const tenant = await createTenant(ctx, prefix);
  const application = await createApplication(ctx, tenant.user, tenant.projectId, {
    allowed_origins: [PARTNER_ORIGIN],
  });
  return { ...tenant, applicationId: application.id };
}

/** POST to an ingest route as an SDK does: X-Application-ID, JSON, and optionally an Origin. */
export function ingest(
  ctx: TestContext,
  path: '/installations' | '/activity' | '/analytics' | '/identify',
  applicationId: string | undefined,
  body: unknown,
  headers: Record<string, string> = {},
): Test {
  const request = ctx.request.post(`/api/v1${path}`);
  if (applicationId !== undefined) request.set('X-Application-ID', applicationId);
  return request.set(headers).send(body as object);
}

export function installationBody(fields: Record<string, unknown> = {}) {
  return {
    installation_id: newId('inst_'),
    device_info: {
      platform: 'MacIntel',
      user_agent: 'Mozilla/5.0 (Macintosh) Test',
      language: 'de-DE',
      timezone: 'Europe/Berlin',
      screen_resolution: '1920x1080',
      color_depth: 24,
      device_memory: 8,
      hardware_concurrency: 8,
    },
    environment_info: {
      url: 'https://shop.example.com/',
      referrer: '',
      timestamp: new Date().toISOString(),
      session_id: newId('sess_'),
    },
    is_anonymous: true,
    anonymous_id: newId('anon_'),
    ...fields,
  };
}

/** Reads a list route as a dashboard session. */
export async function list(
  ctx: TestContext,
  path: string,
  accessToken: string,
  query: Record<string, string | number> = {},
) {
  const response = await ctx.request.get(path).query(query).set(bearer(accessToken));
  return response;
}
