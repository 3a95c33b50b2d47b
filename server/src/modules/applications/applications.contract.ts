import type { Connection, Types } from 'mongoose';
import type { Page } from '../../lib/pagination.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { ResourceService } from '../../core/tenant-resource.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { PermissionName } from '../../core/permissions.js';
import type { OrganizationDocument, OrganizationsService, Permission } from '../organizations/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { OidcClientSource } from '../../core/oidc-clients.js';
import type { ApplicationDocument } from './applications.model.js';
import type { OidcChanges } from './applications.oidc.js';
import type { OidcView } from './applications.oidc.views.js';

/**
 * Who is asking. An API token is bound to one application (`applicationId`) and sees nothing
 * else; signed-in sessions (`applicationId` null) see every application of their organizations.
 */
export interface ApplicationCaller {
  userId: string;
  applicationId: string | null;
}

/** An application as the API answers it: the stored fields, ids and dates as strings. */
export interface ApplicationView extends Pick<
  ApplicationDocument,
  'name' | 'slug' | 'description' | 'version' | 'api_endpoint' | 'allowed_origins' | 'is_active'
> {
  id: string;
  project_id: string;
  organization_id: string;
  /** The application as an OpenID Connect client and API (no secret; docs/oidc.md). */
  oidc: OidcView;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface CreateApplicationInput {
  project_id: string;
  name: string;
  slug?: string;
  description?: string;
  version?: string;
  api_endpoint?: string;
  allowed_origins?: string[];
}

export type ApplicationChanges = Partial<
  Pick<ApplicationView, 'name' | 'slug' | 'description' | 'version' | 'api_endpoint' | 'allowed_origins'>
> & {
  /** Admins only, after a fresh proof of identity (the route's step-up); merged into what is stored. */
  oidc?: OidcChanges;
};

/** A new client secret, answered once (`POST /applications/{id}/oidc/secret`). */
export interface OidcSecretAnswer {
  client_secret: string;
  created_at: string;
  /** Until when the previous secret still works; null when there was none. */
  previous_secret_expires_at: string | null;
}

/** `list` takes one project (`project_id`) or all the caller's. */
export interface ApplicationsService
  extends
    ResourceService<
      ApplicationCaller,
      ApplicationView,
      CreateApplicationInput,
      ApplicationView,
      ApplicationChanges,
      { project_id?: string }
    >,
    OidcClientSource {
  /**
   * Creates or rotates the client secret of a web or m2m client (admins; 400
   * oidc_secret_not_applicable for other types): the previous one works `overlapSeconds` longer.
   */
  rotateOidcSecret(
    caller: ApplicationCaller,
    applicationId: string,
    overlapSeconds: number,
    context: RequestContext,
  ): Promise<OidcSecretAnswer>;
  /** Soft delete: is_active becomes false. */
  remove(caller: ApplicationCaller, applicationId: string, context: RequestContext): Promise<void>;
  /**
   * The active application, the caller's role in its organization and that organization: 404
   * when the application is missing, inactive (or its project is) or another tenant's; 403 when
   * the role lacks the permission. A deactivated organization still answers here (its members
   * keep seeing and managing it in the dashboard); callers that serve the outside world check
   * `organization.is_active` or use `findActive`.
   */
  authorize(
    userId: string,
    applicationId: string,
    permission: Permission,
  ): Promise<{
    application: ApplicationDocument;
    role: string;
    permissions: ReadonlySet<PermissionName>;
    organization: OrganizationDocument;
  }>;
  /**
   * The application when it can serve its users: it, its project and its organization are all
   * active; else null. The embedding API and application sessions rely on this.
   */
  findActive(applicationId: string): Promise<ApplicationDocument | null>;
  /**
   * findActive, answered from what this process read up to RECENT_APPLICATION_TTL_MS ago: for the SDK
   * ingest API, which asks on every batch. An application changed or removed through this process is
   * read afresh at once; a change made by another server process, and a deactivated project or
   * organization, take effect within the TTL.
   */
  findActiveRecent(applicationId: string): Promise<ApplicationDocument | null>;
  /** Whether any active application lets this origin call the embedding API (for CORS preflights). */
  isOriginListed(origin: string): Promise<boolean>;
  /** Project and organization of each application found, whatever its state: for the request log. */
  ownersOf(
    applicationIds: Types.ObjectId[],
  ): Promise<Array<Pick<ApplicationDocument, '_id' | 'project_id' | 'organization_id'>>>;
  /**
   * The first page (newest first, `limit` each) of the active applications of each of these
   * projects of one organization, in one query, as `list` answers each: after the same check
   * (application:read in the organization) and with an API token's restriction to its own.
   */
  firstPagesInProjects(
    caller: ApplicationCaller,
    organizationId: string,
    projectIds: string[],
    limit: number,
  ): Promise<Map<string, Page<ApplicationView>>>;
  /** Ids of the applications of these projects, whatever their state: for the analytics summary. */
  idsInProjects(projectIds: Types.ObjectId[]): Promise<Types.ObjectId[]>;
}

/** What the applications service is built from (see applications.service.ts). */
export interface ApplicationsDeps {
  connection: Connection;
  /** The server's public base URL (config.publicUrl): an application's OpenID issuer is `{it}/oidc/{project_id}`. */
  publicUrl: string;
  organizations: OrganizationsService;
  projects: ProjectsService;
  activity: ActivityService;
  /**
   * Gives a new application its own copies of the system e-mail templates (the mail module;
   * never throws — applications that miss them get them on first use).
   */
  createSystemEmailTemplates?: (applicationId: string) => Promise<void>;
  webhooks?: WebhookEmitter;
}
