import mongoose, { Types, type Model } from 'mongoose';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import {
  OIDC_CLIENT_TYPES,
  type OidcClientRecord,
  type OidcClientType,
  type OidcResourceServerRecord,
} from '../../core/oidc-clients.js';
import type { RequestContext } from '../../core/request-context.js';
import { changesToSet } from '../../core/tenant-resource.js';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { PermissionName } from '../../core/permissions.js';
import type { ApplicationCaller, ApplicationChanges } from './applications.contract.js';
import { ApplicationErrors } from './applications.errors.js';
import type { ApplicationDocument, StoredOidcSettings } from './applications.model.js';
import {
  CONFIDENTIAL_TYPES,
  newClientSecret,
  oidcSettingsOf,
  planOidcChange,
  rotatedSecrets,
  type OidcChanges,
} from './applications.oidc.js';
import { oidcClientRecord, oidcResourceServerRecord } from './applications.oidc.views.js';

/** Tries of a change that lost the race against another change of the same settings. */
const WRITE_ATTEMPTS = 5;
const OBJECT_ID = /^[0-9a-f]{24}$/i;

/** The fields of `oidc` written by a change (the revision is incremented beside them). */
const WRITTEN_FIELDS = [
  'client_type',
  'redirect_uris',
  'post_logout_redirect_uris',
  'grant_types',
  'first_party',
  'token_endpoint_auth_method',
  'jwks_uri',
  'backchannel_logout_uri',
  'access_token_ttl_s',
  'refresh_token_ttl_s',
  'api_identifier',
  'api_scopes',
  'secrets',
] as const satisfies ReadonlyArray<keyof StoredOidcSettings>;

const CLIENT_TYPE_NAMES: Record<OidcClientType, string> = {
  spa: 'a single-page app (spa)',
  native: 'a native app (native)',
  web: 'a web server app (web)',
  m2m: 'a machine-to-machine client (m2m)',
};

export interface OidcClientsDeps {
  model: Model<ApplicationDocument>;
  activity: ActivityService;
  /** The application when the caller's role has the permission: 404 for other tenants and other applications of API tokens. */
  authorizeCaller(
    caller: ApplicationCaller,
    applicationId: string,
    permission: PermissionName,
  ): Promise<{ application: ApplicationDocument }>;
  /** Before and after every write: findActiveRecent forgets the application. */
  onWrite(applicationId: Types.ObjectId): void;
  /** The `cors_origins` a change of allowed origins or the API endpoint gives (or nothing). */
  corsChange(application: ApplicationDocument, set: Record<string, unknown>): Record<string, unknown>;
}

/**
 * Who may change the settings, and their writes: each is checked against the revision it read
 * (`oidc.revision`), so two changes at once cannot combine into settings nobody checked.
 */
function createOidcWrites(deps: OidcClientsDeps) {
  const { model: Applications } = deps;

  const scope = (application: ApplicationDocument) => ({
    resource_type: 'application' as const,
    resource_id: String(application._id),
    organization_id: String(application.organization_id),
    project_id: String(application.project_id),
    application_id: String(application._id),
  });

  /** A session whose role has application:manage_oidc (admins): API tokens cannot, others 403, other tenants 404. */
  async function authorizeAdmin(caller: ApplicationCaller, applicationId: string) {
    // The step-up gate refuses tokens before this; the check stays should a route forget it.
    if (caller.applicationId !== null) throw new AppError(ApplicationErrors.OIDC_TOKEN_NOT_ALLOWED);
    const { application } = await deps.authorizeCaller(caller, applicationId, 'application:manage_oidc');
    return application;
  }

  const reread = async (id: Types.ObjectId) => {
    const application = await Applications.findOne({ _id: id, is_active: true }).lean<ApplicationDocument>();
    if (!application) throw new AppError(ApplicationErrors.NOT_FOUND);
    return application;
  };

  /**
   * Writes `update` when the application's settings are still at the revision that was checked;
   * null when another change came first. A unique index refusing it: its slug or API identifier.
   */
  async function writeOver(
    application: ApplicationDocument,
    update: { $set: Record<string, unknown> },
  ): Promise<ApplicationDocument | null> {
    const revision = oidcSettingsOf(application).revision;
    const filter = {
      _id: application._id,
      is_active: true,
      // Documents from before the settings existed have no revision.
      'oidc.revision': revision === 0 ? mongoose.trusted({ $in: [0, null] }) : revision,
    };
    deps.onWrite(application._id);
    try {
      return await Applications.findOneAndUpdate(
        filter,
        { ...update, $inc: { 'oidc.revision': 1 } },
        { returnDocument: 'after' },
      ).lean<ApplicationDocument>();
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
      const keys = Object.keys((error as { keyPattern?: object }).keyPattern ?? {});
      throw new AppError(
        keys.includes('oidc.api_identifier')
          ? ApplicationErrors.API_IDENTIFIER_TAKEN
          : ApplicationErrors.SLUG_TAKEN,
      );
    } finally {
      // Also after the write: a read that started while it ran may have seen the old row.
      deps.onWrite(application._id);
    }
  }

  /** 409 when another active application of the project already names this API. */
  async function checkIdentifierFree(application: ApplicationDocument, identifier: string | null) {
    if (identifier === null) return;
    const taken = await Applications.exists({
      project_id: application.project_id,
      is_active: true,
      'oidc.api_identifier': identifier,
      _id: mongoose.trusted({ $ne: application._id }),
    });
    if (taken) throw new AppError(ApplicationErrors.API_IDENTIFIER_TAKEN);
  }

  return { scope, authorizeAdmin, reread, writeOver, checkIdentifierFree };
}

type OidcWrites = ReturnType<typeof createOidcWrites>;

/**
 * A PATCH that sends `oidc` (with any other fields): admins only; the settings after the
 * change are checked as a whole. Audited `application.updated` (the fields) and
 * `application.oidc_updated` (the `oidc` fields sent and their new values).
 */
async function updateOidc(
  deps: OidcClientsDeps,
  writes: OidcWrites,
  caller: ApplicationCaller,
  applicationId: string,
  changes: ApplicationChanges & { oidc: OidcChanges },
  context: RequestContext,
): Promise<{ updated: ApplicationDocument; fields: string[] }> {
  let application = await writes.authorizeAdmin(caller, applicationId);
  const { oidc, ...rest } = changes;
  const set = changesToSet(rest);
  for (let attempt = 1; ; attempt += 1) {
    const before = oidcSettingsOf(application);
    const { next, problems } = planOidcChange(before, oidc);
    if (problems.length > 0) {
      const first = problems[0]!;
      throw new AppError(CommonErrors.VALIDATION_FAILED, {
        message: `${first.path}: ${first.message}`,
        details: problems,
      });
    }
    await writes.checkIdentifierFree(application, next.api_identifier);
    const oidcSet = Object.fromEntries(WRITTEN_FIELDS.map((field) => [`oidc.${field}`, next[field]]));
    const updated = await writes.writeOver(application, {
      $set: { ...set, ...deps.corsChange(application, set), ...oidcSet },
    });
    if (updated) {
      const fields = [...Object.keys(set), 'oidc'];
      const oidcFields = Object.keys(oidc).filter((field) => oidc[field as keyof OidcChanges] !== undefined);
      await recordAudit(deps.activity, context, {
        ...writes.scope(updated),
        action: 'application.updated',
        user_id: caller.userId,
        metadata: { fields },
      });
      const after = oidcSettingsOf(updated);
      await recordAudit(deps.activity, context, {
        ...writes.scope(updated),
        action: 'application.oidc_updated',
        user_id: caller.userId,
        metadata: {
          fields: oidcFields,
          // The new values of what was sent (the settings hold no secret; the hashes are not sent).
          values: Object.fromEntries(oidcFields.map((field) => [field, after[field as keyof OidcChanges]])),
          ...(before.secrets.length > 0 && after.secrets.length === 0
            ? { client_secrets_removed: true }
            : {}),
        },
      });
      return { updated, fields };
    }
    // Another change of this application came first: check this one again over it.
    if (attempt >= WRITE_ATTEMPTS) throw new AppError(CommonErrors.SERVER_BUSY);
    application = await writes.reread(application._id);
  }
}

/**
 * A new client secret for a web or m2m client, answered once; the previous one keeps working
 * for `overlapSeconds`. Audited `application.oidc_secret_rotated` (never the secret).
 */
async function rotateOidcSecret(
  deps: OidcClientsDeps,
  writes: OidcWrites,
  caller: ApplicationCaller,
  applicationId: string,
  overlapSeconds: number,
  context: RequestContext,
) {
  let application = await writes.authorizeAdmin(caller, applicationId);
  for (let attempt = 1; ; attempt += 1) {
    const settings = oidcSettingsOf(application);
    const type = settings.client_type;
    if (!type || !CONFIDENTIAL_TYPES.includes(type)) {
      const what = type
        ? `This application is ${CLIENT_TYPE_NAMES[type]}`
        : 'This application is no OpenID client yet';
      throw new AppError(ApplicationErrors.OIDC_SECRET_NOT_APPLICABLE, {
        message: `${what}: only web server (web) and machine-to-machine (m2m) clients have a client secret. Single-page and native apps cannot keep one and prove themselves with PKCE; set oidc.client_type to web or m2m for a secret.`,
      });
    }
    const now = new Date();
    const { secret, hash } = newClientSecret();
    const rotated = rotatedSecrets(settings.secrets, hash, now, overlapSeconds);
    const updated = await writes.writeOver(application, { $set: { 'oidc.secrets': rotated.secrets } });
    if (updated) {
      const previousExpiresAt = rotated.previousExpiresAt?.toISOString() ?? null;
      await recordAudit(deps.activity, context, {
        ...writes.scope(updated),
        action: 'application.oidc_secret_rotated',
        user_id: caller.userId,
        status_code: 201,
        metadata: {
          first_secret: rotated.previousExpiresAt === null,
          overlap_seconds: overlapSeconds,
          previous_secret_expires_at: previousExpiresAt,
        },
      });
      return {
        client_secret: secret,
        created_at: now.toISOString(),
        previous_secret_expires_at: previousExpiresAt,
      };
    }
    if (attempt >= WRITE_ATTEMPTS) throw new AppError(CommonErrors.SERVER_BUSY);
    application = await writes.reread(application._id);
  }
}

/** The look-ups of the oidc module (core/oidc-clients.ts): one indexed read each. */
function oidcLookups(Applications: Model<ApplicationDocument>) {
  return {
    /**
     * The client with this id: an active application with a client type (one read by `_id`). Whether
     * its project's issuer exists (an active project) is the provider's question, asked per issuer.
     */
    async oidcClientOf(applicationId: string): Promise<OidcClientRecord | null> {
      if (typeof applicationId !== 'string' || !OBJECT_ID.test(applicationId)) return null;
      const application = await Applications.findOne({
        _id: new Types.ObjectId(applicationId),
        is_active: true,
        'oidc.client_type': mongoose.trusted({ $in: [...OIDC_CLIENT_TYPES] }),
      }).lean<ApplicationDocument>();
      return application ? oidcClientRecord(application) : null;
    },

    /** The API of the project with this identifier: one read on {project_id, oidc.api_identifier, is_active}. */
    async oidcResourceServer(
      projectId: string,
      identifier: string,
    ): Promise<OidcResourceServerRecord | null> {
      if (typeof projectId !== 'string' || !OBJECT_ID.test(projectId)) return null;
      if (typeof identifier !== 'string' || identifier === '') return null;
      const application = await Applications.findOne({
        project_id: new Types.ObjectId(projectId),
        'oidc.api_identifier': identifier,
        is_active: true,
      }).lean<ApplicationDocument>();
      return application ? oidcResourceServerRecord(application) : null;
    },
  };
}

/**
 * Applications as OpenID Connect clients and APIs (issue #32): the PATCH with `oidc`, client
 * secrets, and the look-ups of the oidc module.
 */
export function createOidcClients(deps: OidcClientsDeps) {
  const writes = createOidcWrites(deps);
  return {
    update: (...args: DropTwo<Parameters<typeof updateOidc>>) => updateOidc(deps, writes, ...args),
    rotateSecret: (...args: DropTwo<Parameters<typeof rotateOidcSecret>>) =>
      rotateOidcSecret(deps, writes, ...args),
    ...oidcLookups(deps.model),
  };
}

type DropTwo<T extends unknown[]> = T extends [unknown, unknown, ...infer Rest] ? Rest : never;
