import mongoose, { Types } from 'mongoose';
import { tenantResource } from '../../core/tenant-resource.js';
import { createApplicationAccess } from './applications.access.js';
import type { ApplicationsDeps, ApplicationsService } from './applications.contract.js';
import { ApplicationErrors } from './applications.errors.js';
import { applicationModel, DEFAULT_VERSION, type ApplicationDocument } from './applications.model.js';
import { deriveApplicationSlug } from './applications.schemas.js';
import { createOidcClients } from './applications.oidc.service.js';
import { createFirstPages } from './applications.pages.js';
import { applicationView, corsOrigins } from './applications.views.js';

export type {
  ApplicationCaller,
  ApplicationChanges,
  ApplicationsDeps,
  ApplicationsService,
  ApplicationView,
  CreateApplicationInput,
} from './applications.contract.js';
export { RECENT_APPLICATION_TTL_MS } from './applications.access.js';
export { applicationView, corsOrigins } from './applications.views.js';

/** The new `cors_origins` when a change touches what they come from (allowed origins, API endpoint). */
function corsChange(application: ApplicationDocument, set: Record<string, unknown>) {
  if (set.allowed_origins === undefined && set.api_endpoint === undefined) return {};
  const allowedOrigins = (set.allowed_origins as string[] | undefined) ?? application.allowed_origins;
  const apiEndpoint =
    set.api_endpoint !== undefined ? (set.api_endpoint as string | null) : application.api_endpoint;
  return { cors_origins: corsOrigins(allowedOrigins, apiEndpoint) };
}

/** An application's audit entries name it, its project and its organization. */
function applicationAuditScope(application: ApplicationDocument) {
  return {
    resource_type: 'application',
    resource_id: String(application._id),
    organization_id: String(application.organization_id),
    project_id: String(application.project_id),
    application_id: String(application._id),
  } as const;
}

export function createApplicationsService(deps: ApplicationsDeps): ApplicationsService {
  const Applications = applicationModel(deps.connection);
  const { organizations, projects } = deps;

  // Before and after every write: findActiveRecent and the listeners (OpenID clients, onApplicationWrite) forget it.
  const writeListeners: Array<(applicationId: string) => void> = [];
  const written = (applicationId: Types.ObjectId) => {
    access.forgetRecent(applicationId);
    for (const listener of writeListeners) listener(applicationId.toHexString());
  };
  const rows = tenantResource<ApplicationDocument>({
    model: Applications,
    errors: { notFound: ApplicationErrors.NOT_FOUND, duplicate: ApplicationErrors.SLUG_TAKEN },
    cacheTopic: 'application',
    activity: deps.activity,
    auditScope: applicationAuditScope,
    onWrite: (applicationId) => written(applicationId),
  });
  const access = createApplicationAccess(deps, rows.findActive);
  const { authorize, authorizeCaller, findActive, findActiveRecent } = access;
  const view = (application: ApplicationDocument) => applicationView(application, deps.publicUrl);
  const oidc = createOidcClients({
    model: Applications,
    activity: deps.activity,
    authorizeCaller,
    onWrite: (applicationId) => written(applicationId),
    corsChange,
  });

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
      { application: view(application), ...extra },
    );

  return {
    authorize,
    findActiveRecent,
    onApplicationWrite(listener) {
      writeListeners.push(listener);
    },
    findActive,

    async create(userId, input, context) {
      const { project } = await projects.authorize(userId, input.project_id, 'application:create');
      const slug = input.slug || deriveApplicationSlug(input.name) || 'app';
      const apiEndpoint = input.api_endpoint || null;
      const allowedOrigins = input.allowed_origins ?? [];
      const application = await rows.create(
        {
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
        },
        userId,
        context,
        (created) => ({ name: created.name, slug: created.slug }),
      );
      emit('application.created', application);
      await deps.createSystemEmailTemplates?.(String(application._id));
      return view(application);
    },

    async list(caller, query) {
      // One project, or those of every organization where the caller's role reads applications.
      const projectIds = query.project_id
        ? [(await projects.authorize(caller.userId, query.project_id, 'application:read')).project._id]
        : await projects.activeIdsIn(
            await organizations.organizationIdsOf(caller.userId, 'application:read'),
          );
      return rows.list('project_id', projectIds, caller.applicationId ?? undefined, query, view);
    },

    async get(caller, applicationId) {
      const { application } = await authorizeCaller(caller, applicationId, 'application:read');
      return view(application);
    },

    async update(caller, applicationId, changes, context) {
      if (changes.oidc !== undefined) {
        const { updated, fields } = await oidc.update(
          caller,
          applicationId,
          { ...changes, oidc: changes.oidc },
          context,
        );
        emit('application.updated', updated, { fields });
        return view(updated);
      }
      const { application } = await authorizeCaller(caller, applicationId, 'application:update');
      const { updated, fields } = await rows.update(application, changes, caller.userId, context, (set) =>
        corsChange(application, set),
      );
      emit('application.updated', updated, { fields });
      return view(updated);
    },

    rotateOidcSecret: oidc.rotateSecret,
    oidcClientOf: oidc.oidcClientOf,
    oidcResourceServer: oidc.oidcResourceServer,

    async remove(caller, applicationId, context) {
      const { application } = await authorizeCaller(caller, applicationId, 'application:delete');
      const updated = await rows.deactivate(application, 'application.deleted', caller.userId, context);
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

    firstPagesInProjects: createFirstPages({
      model: Applications,
      organizations,
      view,
      listOne: (projectId, onlyId, limit) => rows.list('project_id', [projectId], onlyId, { limit }, view),
    }),

    async idsInProjects(projectIds) {
      const applications = await Applications.find(
        { project_id: mongoose.trusted({ $in: projectIds }) },
        { _id: 1 },
      ).lean();
      return applications.map((application) => application._id);
    },
  };
}
