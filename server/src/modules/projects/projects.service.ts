import { randomBytes } from 'node:crypto';
import mongoose, { Types, type Connection } from 'mongoose';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError, type ErrorDefinition } from '../../lib/errors.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import { tenantResource, type ResourceService } from '../../core/tenant-resource.js';
import type { OrganizationsService, Permission } from '../organizations/index.js';
import { ProjectErrors } from './projects.errors.js';
import { projectModel, type Environment, type ProjectDocument } from './projects.model.js';
import { tokenProjectList } from './projects.token-list.js';

export const API_KEY_PREFIX = 'pk_';
const VISIBLE_KEY_CHARACTERS = 8;

/**
 * Who is asking. Signed-in sessions see every project of their organizations; an API token is
 * bound to one application and sees only that application's project (`onlyProjectId`, null when
 * the application is gone, so nothing is visible).
 */
export interface ProjectCaller {
  userId: string;
  onlyProjectId?: string | null;
}

export interface ProjectView {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  organization_id: string;
  environment: Environment;
  repository_url: string | null;
  api_key_prefix: string;
  is_active: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface CreateProjectInput {
  name: string;
  slug: string;
  organization_id: string;
  description?: string;
  environment?: Environment;
  repository_url?: string;
}

export type ProjectChanges = Partial<{
  name: string;
  slug: string;
  description: string | null;
  environment: Environment;
  repository_url: string | null;
}>;

/**
 * `create` answers the full API key (in this answer only); `list` takes one organization
 * (`organization_id`) or all the caller's.
 */
export interface ProjectsService extends ResourceService<
  ProjectCaller,
  ProjectView,
  CreateProjectInput,
  ProjectView & { api_key: string },
  ProjectChanges,
  { organization_id?: string }
> {
  deactivate(caller: ProjectCaller, projectId: string, context: RequestContext): Promise<ProjectView>;
  /**
   * The active project and the caller's role in its organization: 404 (`notFound`, default
   * project_not_found) when it is missing, inactive or another tenant's; 403 when the role lacks it.
   */
  authorize(
    userId: string,
    projectId: string,
    permission: Permission,
    notFound?: ErrorDefinition,
  ): Promise<{ project: ProjectDocument; role: string; permissions: ReadonlySet<Permission> }>;
  findActive(projectId: string): Promise<ProjectDocument | null>;
  /** Ids of the active projects of these organizations. */
  activeIdsIn(organizationIds: Types.ObjectId[]): Promise<Types.ObjectId[]>;
  /** Organization of each project found, whatever its state: for the request log. */
  organizationsOf(
    projectIds: Types.ObjectId[],
  ): Promise<Array<Pick<ProjectDocument, '_id' | 'organization_id'>>>;
}

function projectView(project: ProjectDocument): ProjectView {
  return {
    id: String(project._id),
    name: project.name,
    slug: project.slug,
    description: project.description,
    organization_id: String(project.organization_id),
    environment: project.environment,
    repository_url: project.repository_url,
    api_key_prefix: project.api_key_prefix,
    is_active: project.is_active,
    created_by: String(project.created_by),
    created_at: project.created_at.toISOString(),
    updated_at: project.updated_at.toISOString(),
  };
}

export function createProjectsService(deps: {
  connection: Connection;
  organizations: OrganizationsService;
  activity: ActivityService;
}): ProjectsService {
  const Projects = projectModel(deps.connection);
  const { organizations } = deps;
  const rows = tenantResource<ProjectDocument>({
    model: Projects,
    errors: { notFound: ProjectErrors.NOT_FOUND, duplicate: ProjectErrors.SLUG_TAKEN },
    cacheTopic: 'project',
    activity: deps.activity,
    auditScope: (project) => ({
      resource_type: 'project',
      resource_id: String(project._id),
      organization_id: String(project.organization_id),
      project_id: String(project._id),
    }),
  });
  const { findActive } = rows;
  const listOfToken = tokenProjectList({ findActive, organizations, view: projectView });

  async function authorize(
    userId: string,
    projectId: string,
    permission: Permission,
    notFound: ErrorDefinition = ProjectErrors.NOT_FOUND,
  ) {
    const project = await findActive(projectId);
    if (!project) throw new AppError(notFound);
    const { role, permissions } = await organizations.authorize(
      userId,
      String(project.organization_id),
      permission,
      notFound,
    );
    return { project, role, permissions };
  }

  /** authorize, plus the API-token restriction to one project. */
  function authorizeCaller(caller: ProjectCaller, projectId: string, permission: Permission) {
    if (caller.onlyProjectId !== undefined && caller.onlyProjectId !== projectId)
      throw new AppError(ProjectErrors.NOT_FOUND);
    return authorize(caller.userId, projectId, permission);
  }

  return {
    authorize,
    findActive,

    async create(userId, input, context) {
      await organizations.authorize(userId, input.organization_id, 'project:create');
      const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('hex')}`;
      const project = await rows.create(
        {
          name: input.name,
          slug: input.slug,
          description: input.description || null,
          organization_id: new Types.ObjectId(input.organization_id),
          environment: input.environment ?? 'development',
          repository_url: input.repository_url || null,
          api_key_hash: sha256Hex(apiKey),
          api_key_prefix: apiKey.slice(0, VISIBLE_KEY_CHARACTERS),
          created_by: new Types.ObjectId(userId),
        },
        userId,
        context,
        (created) => ({ name: created.name, slug: created.slug, environment: created.environment }),
      );
      return { ...projectView(project), api_key: apiKey };
    },

    async list(caller, query) {
      if (caller.onlyProjectId !== undefined) return listOfToken(caller.userId, caller.onlyProjectId, query);
      let organizationIds: Types.ObjectId[];
      if (query.organization_id) {
        const { organization } = await organizations.authorize(
          caller.userId,
          query.organization_id,
          'project:read',
        );
        organizationIds = [organization._id];
      } else {
        organizationIds = await organizations.organizationIdsOf(caller.userId, 'project:read');
      }
      return rows.list('organization_id', organizationIds, undefined, query, projectView);
    },

    async get(caller, projectId) {
      const { project } = await authorizeCaller(caller, projectId, 'project:read');
      return projectView(project);
    },

    async update(caller, projectId, changes, context) {
      const { project } = await authorizeCaller(caller, projectId, 'project:update');
      return projectView((await rows.update(project, changes, caller.userId, context)).updated);
    },

    async deactivate(caller, projectId, context) {
      const { project } = await authorizeCaller(caller, projectId, 'project:deactivate');
      return projectView(await rows.deactivate(project, 'project.deactivated', caller.userId, context));
    },

    async activeIdsIn(organizationIds) {
      const projects = await Projects.find(
        { organization_id: mongoose.trusted({ $in: organizationIds }), is_active: true },
        { _id: 1 },
      ).lean();
      return projects.map((project) => project._id);
    },

    async organizationsOf(projectIds) {
      return Projects.find({ _id: mongoose.trusted({ $in: projectIds }) }, { organization_id: 1 }).lean();
    },
  };
}
