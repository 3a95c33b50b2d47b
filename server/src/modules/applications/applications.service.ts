import { LRUCache } from 'lru-cache';
import mongoose, { Types, type Connection } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { isDuplicateKey, updateActiveById } from '../../lib/mongoose-plugins.js';
import { paginateNewestFirst, type Page } from '../../lib/pagination.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { OrganizationDocument, OrganizationsService, Permission, Role } from '../organizations/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { ApplicationErrors } from './applications.errors.js';
import { applicationModel, DEFAULT_VERSION, type ApplicationDocument } from './applications.model.js';
import { deriveApplicationSlug } from './applications.schemas.js';

/**
 * Who is asking. An API token is bound to one application (`applicationId`) and sees nothing
 * else; signed-in sessions (`applicationId` null) see every application of their organizations.
 */
export interface ApplicationCaller {
  userId: string;
  applicationId: string | null;
}

export interface ApplicationView {
  id: string;
  project_id: string;
  organization_id: string;
  name: string;
  slug: string;
  description: string | null;
  version: string;
  api_endpoint: string | null;
  allowed_origins: string[];
  is_active: boolean;
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

export type ApplicationChanges = Partial<{
  name: string;
  slug: string;
  description: string | null;
  version: string;
  api_endpoint: string | null;
  allowed_origins: string[];
}>;

export interface ApplicationsService {
  create(userId: string, input: CreateApplicationInput, context: RequestContext): Promise<ApplicationView>;
  list(
    caller: ApplicationCaller,
    query: { project_id?: string; limit?: number; cursor?: string },
  ): Promise<Page<ApplicationView>>;
  get(caller: ApplicationCaller, applicationId: string): Promise<ApplicationView>;
  update(
    caller: ApplicationCaller,
    applicationId: string,
    changes: ApplicationChanges,
    context: RequestContext,
  ): Promise<ApplicationView>;
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
  ): Promise<{ application: ApplicationDocument; role: Role; organization: OrganizationDocument }>;
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
  /** Ids of the applications of these projects, whatever their state: for the analytics summary. */
  idsInProjects(projectIds: Types.ObjectId[]): Promise<Types.ObjectId[]>;
}

/** How long findActiveRecent may answer from an earlier read. */
export const RECENT_APPLICATION_TTL_MS = 5_000;
/** Applications remembered by findActiveRecent per process (a few KB each). */
const RECENT_APPLICATIONS = 10_000;

export function applicationView(application: ApplicationDocument): ApplicationView {
  return {
    id: String(application._id),
    project_id: String(application.project_id),
    organization_id: String(application.organization_id),
    name: application.name,
    slug: application.slug,
    description: application.description,
    version: application.version,
    api_endpoint: application.api_endpoint,
    allowed_origins: application.allowed_origins,
    is_active: application.is_active,
    created_by: String(application.created_by),
    created_at: application.created_at.toISOString(),
    updated_at: application.updated_at.toISOString(),
  };
}

/** The origins CORS answers for an application: its allowed_origins and its API endpoint's origin. */
export function corsOrigins(allowedOrigins: string[], apiEndpoint: string | null): string[] {
  const origins = new Set(allowedOrigins);
  if (apiEndpoint) origins.add(new URL(apiEndpoint).origin);
  return [...origins];
}

export function createApplicationsService(deps: {
  connection: Connection;
  organizations: OrganizationsService;
  projects: ProjectsService;
  activity: ActivityService;
  /**
   * Gives a new application its own copies of the system e-mail templates (the mail module;
   * never throws — applications that miss them get them on first use).
   */
  createSystemEmailTemplates?: (applicationId: string) => Promise<void>;
  webhooks?: WebhookEmitter;
}): ApplicationsService {
  const Applications = applicationModel(deps.connection);
  const { organizations, projects, activity } = deps;

  const audit = (
    action: string,
    application: ApplicationDocument,
    userId: string,
    context: RequestContext,
    metadata: Record<string, unknown>,
    statusCode = 200,
  ) =>
    activity.record({
      action,
      resource_type: 'application',
      resource_id: String(application._id),
      user_id: userId,
      organization_id: String(application.organization_id),
      project_id: String(application.project_id),
      application_id: String(application._id),
      status_code: statusCode,
      ip_address: context.ip,
      user_agent: context.userAgent,
      metadata,
    });

  /** The application when it is active itself (its project and organization not asked). */
  async function findActiveRow(applicationId: string): Promise<ApplicationDocument | null> {
    if (!Types.ObjectId.isValid(applicationId)) return null;
    return Applications.findOne({
      _id: new Types.ObjectId(applicationId),
      is_active: true,
    }).lean<ApplicationDocument>();
  }

  /** The application when it and its project are active (its organization may be deactivated). */
  async function findInActiveProject(applicationId: string): Promise<ApplicationDocument | null> {
    const application = await findActiveRow(applicationId);
    if (!application) return null;
    // A deactivated project takes its applications with it.
    return (await projects.findActive(String(application.project_id))) ? application : null;
  }

  async function findActive(applicationId: string): Promise<ApplicationDocument | null> {
    const application = await findActiveRow(applicationId);
    if (!application) return null;
    // A deactivated project takes its applications with it, and so does a deactivated organization (for
    // everyone outside its dashboard). Both are asked at once: every ingest request comes through here.
    const [project, organization] = await Promise.all([
      projects.findActive(String(application.project_id)),
      organizations.findActive(String(application.organization_id)),
    ]);
    return project && organization ? application : null;
  }

  async function authorize(userId: string, applicationId: string, permission: Permission) {
    const application = await findInActiveProject(applicationId);
    if (!application) throw new AppError(ApplicationErrors.NOT_FOUND);
    const { role, organization } = await organizations.authorize(
      userId,
      String(application.organization_id),
      permission,
      ApplicationErrors.NOT_FOUND,
    );
    return { application, role, organization };
  }

  /** authorize, plus the API-token restriction to its own application. */
  function authorizeCaller(caller: ApplicationCaller, applicationId: string, permission: Permission) {
    if (caller.applicationId !== null && caller.applicationId !== applicationId)
      throw new AppError(ApplicationErrors.NOT_FOUND);
    return authorize(caller.userId, applicationId, permission);
  }

  const emit = (
    type: 'application.created' | 'application.updated' | 'application.deleted',
    application: ApplicationDocument,
    extra: Record<string, unknown> = {},
  ) =>
    deps.webhooks?.emit(
      type,
      {
        organizationId: String(application.organization_id),
        projectId: String(application.project_id),
        applicationId: String(application._id),
      },
      { application: applicationView(application), ...extra },
    );

  /** Active applications read lately (findActiveRecent), by lower-case id. */
  const recentlyActive = new LRUCache<string, ApplicationDocument>({
    max: RECENT_APPLICATIONS,
    ttl: RECENT_APPLICATION_TTL_MS,
  });
  /** Counts changes, so that a read that overlapped a change is not remembered (it may predate it). */
  let changesMade = 0;

  async function findActiveRecent(applicationId: string): Promise<ApplicationDocument | null> {
    const key = applicationId.toLowerCase();
    const remembered = recentlyActive.get(key);
    if (remembered) return remembered;
    const changesBefore = changesMade;
    const application = await findActive(applicationId);
    if (application && changesMade === changesBefore) recentlyActive.set(key, application);
    return application;
  }

  /** Drops what findActiveRecent remembers of an application and keeps reads under way from remembering it. */
  function forgetRecent(applicationId: Types.ObjectId): void {
    changesMade++;
    recentlyActive.delete(applicationId.toHexString());
  }

  async function updateOne(applicationId: Types.ObjectId, set: Record<string, unknown>) {
    forgetRecent(applicationId);
    try {
      return await updateActiveById<ApplicationDocument>(Applications, applicationId, set, {
        notFound: ApplicationErrors.NOT_FOUND,
        duplicate: ApplicationErrors.SLUG_TAKEN,
      });
    } finally {
      // Also after the write: a read that started while it ran may have seen the old row.
      forgetRecent(applicationId);
    }
  }

  return {
    authorize,
    findActiveRecent,
    findActive,

    async create(userId, input, context) {
      const { project } = await projects.authorize(userId, input.project_id, 'application:create');
      const slug = input.slug || deriveApplicationSlug(input.name) || 'app';
      const apiEndpoint = input.api_endpoint || null;
      const allowedOrigins = input.allowed_origins ?? [];
      let application: ApplicationDocument;
      try {
        await Applications.init();
        application = (
          await Applications.create({
            project_id: project._id,
            organization_id: project.organization_id,
            name: input.name,
            slug,
            description: input.description || null,
            version: input.version ?? DEFAULT_VERSION,
            api_endpoint: apiEndpoint,
            allowed_origins: allowedOrigins,
            cors_origins: corsOrigins(allowedOrigins, apiEndpoint),
            created_by: new Types.ObjectId(userId),
          })
        ).toObject();
      } catch (error) {
        if (isDuplicateKey(error)) throw new AppError(ApplicationErrors.SLUG_TAKEN);
        throw error;
      }
      await audit(
        'application.created',
        application,
        userId,
        context,
        { name: application.name, slug: application.slug },
        201,
      );
      emit('application.created', application);
      await deps.createSystemEmailTemplates?.(String(application._id));
      return applicationView(application);
    },

    async list(caller, query) {
      let projectIds: Types.ObjectId[];
      if (query.project_id) {
        const { project } = await projects.authorize(caller.userId, query.project_id, 'application:read');
        projectIds = [project._id];
      } else {
        projectIds = await projects.activeIdsIn(await organizations.organizationIdsOf(caller.userId));
      }
      const filter: Record<string, unknown> = {
        project_id: mongoose.trusted({ $in: projectIds }),
        is_active: true,
      };
      if (caller.applicationId !== null) {
        if (!Types.ObjectId.isValid(caller.applicationId)) return { data: [], next_cursor: null };
        filter._id = new Types.ObjectId(caller.applicationId);
      }
      const page = await paginateNewestFirst(Applications, filter, query);
      return { data: page.data.map(applicationView), next_cursor: page.next_cursor };
    },

    async get(caller, applicationId) {
      const { application } = await authorizeCaller(caller, applicationId, 'application:read');
      return applicationView(application);
    },

    async update(caller, applicationId, changes, context) {
      const { application } = await authorizeCaller(caller, applicationId, 'application:update');
      const set: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(changes)) {
        if (value !== undefined) set[field] = value === '' ? null : value;
      }
      const fields = Object.keys(set);
      if (set.allowed_origins !== undefined || set.api_endpoint !== undefined) {
        const allowedOrigins = (set.allowed_origins as string[] | undefined) ?? application.allowed_origins;
        const apiEndpoint =
          set.api_endpoint !== undefined ? (set.api_endpoint as string | null) : application.api_endpoint;
        set.cors_origins = corsOrigins(allowedOrigins, apiEndpoint);
      }
      const updated = await updateOne(application._id, set);
      await audit('application.updated', updated, caller.userId, context, { fields });
      emit('application.updated', updated, { fields });
      return applicationView(updated);
    },

    async remove(caller, applicationId, context) {
      const { application } = await authorizeCaller(caller, applicationId, 'application:delete');
      const updated = await updateOne(application._id, { is_active: false });
      await audit('application.deleted', updated, caller.userId, context, { name: updated.name });
      emit('application.deleted', updated);
    },

    async isOriginListed(origin) {
      return Boolean(await Applications.exists({ cors_origins: origin, is_active: true }));
    },

    async ownersOf(applicationIds) {
      return Applications.find(
        { _id: mongoose.trusted({ $in: applicationIds }) },
        { project_id: 1, organization_id: 1 },
      ).lean();
    },

    async idsInProjects(projectIds) {
      const applications = await Applications.find(
        { project_id: mongoose.trusted({ $in: projectIds }) },
        { _id: 1 },
      ).lean();
      return applications.map((application) => application._id);
    },
  };
}
