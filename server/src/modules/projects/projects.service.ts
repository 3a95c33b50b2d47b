import { randomBytes } from 'node:crypto';
import mongoose, { Types, type Connection } from 'mongoose';
import { sha256Hex } from '../../lib/crypto.js';
import { AppError, type ErrorDefinition } from '../../lib/errors.js';
import { isDuplicateKey, updateActiveById } from '../../lib/mongoose-plugins.js';
import { paginateNewestFirst, type Page } from '../../lib/pagination.js';
import type { ActivityService } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import type { OrganizationsService, Permission, Role } from '../organizations/index.js';
import { ProjectErrors } from './projects.errors.js';
import { projectModel, type Environment, type ProjectDocument } from './projects.model.js';

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

export interface ProjectsService {
  /** The full API key is part of this answer only. */
  create(
    userId: string,
    input: CreateProjectInput,
    context: RequestContext,
  ): Promise<ProjectView & { api_key: string }>;
  list(
    caller: ProjectCaller,
    query: { organization_id?: string; limit?: number; cursor?: string },
  ): Promise<Page<ProjectView>>;
  get(caller: ProjectCaller, projectId: string): Promise<ProjectView>;
  update(
    caller: ProjectCaller,
    projectId: string,
    changes: ProjectChanges,
    context: RequestContext,
  ): Promise<ProjectView>;
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
  ): Promise<{ project: ProjectDocument; role: Role }>;
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
  const { organizations, activity } = deps;

  const audit = (
    action: string,
    project: ProjectDocument,
    userId: string,
    context: RequestContext,
    metadata: Record<string, unknown>,
    statusCode = 200,
  ) =>
    activity.record({
      action,
      resource_type: 'project',
      resource_id: String(project._id),
      user_id: userId,
      organization_id: String(project.organization_id),
      project_id: String(project._id),
      status_code: statusCode,
      ip_address: context.ip,
      user_agent: context.userAgent,
      metadata,
    });

  async function findActive(projectId: string): Promise<ProjectDocument | null> {
    if (!Types.ObjectId.isValid(projectId)) return null;
    return Projects.findOne({ _id: new Types.ObjectId(projectId), is_active: true }).lean<ProjectDocument>();
  }

  async function authorize(
    userId: string,
    projectId: string,
    permission: Permission,
    notFound: ErrorDefinition = ProjectErrors.NOT_FOUND,
  ) {
    const project = await findActive(projectId);
    if (!project) throw new AppError(notFound);
    const { role } = await organizations.authorize(
      userId,
      String(project.organization_id),
      permission,
      notFound,
    );
    return { project, role };
  }

  /** authorize, plus the API-token restriction to one project. */
  function authorizeCaller(caller: ProjectCaller, projectId: string, permission: Permission) {
    if (caller.onlyProjectId !== undefined && caller.onlyProjectId !== projectId)
      throw new AppError(ProjectErrors.NOT_FOUND);
    return authorize(caller.userId, projectId, permission);
  }

  const updateOne = (projectId: Types.ObjectId, set: Record<string, unknown>) =>
    updateActiveById<ProjectDocument>(Projects, projectId, set, {
      notFound: ProjectErrors.NOT_FOUND,
      duplicate: ProjectErrors.SLUG_TAKEN,
    });

  return {
    authorize,
    findActive,

    async create(userId, input, context) {
      await organizations.authorize(userId, input.organization_id, 'project:create');
      const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('hex')}`;
      let project: ProjectDocument;
      try {
        await Projects.init();
        project = (
          await Projects.create({
            name: input.name,
            slug: input.slug,
            description: input.description || null,
            organization_id: new Types.ObjectId(input.organization_id),
            environment: input.environment ?? 'development',
            repository_url: input.repository_url || null,
            api_key_hash: sha256Hex(apiKey),
            api_key_prefix: apiKey.slice(0, VISIBLE_KEY_CHARACTERS),
            created_by: new Types.ObjectId(userId),
          })
        ).toObject();
      } catch (error) {
        if (isDuplicateKey(error)) throw new AppError(ProjectErrors.SLUG_TAKEN);
        throw error;
      }
      await audit(
        'project.created',
        project,
        userId,
        context,
        { name: project.name, slug: project.slug, environment: project.environment },
        201,
      );
      return { ...projectView(project), api_key: apiKey };
    },

    async list(caller, query) {
      let organizationIds: Types.ObjectId[];
      if (query.organization_id) {
        const { organization } = await organizations.authorize(
          caller.userId,
          query.organization_id,
          'project:read',
        );
        organizationIds = [organization._id];
      } else {
        organizationIds = await organizations.organizationIdsOf(caller.userId);
      }
      const filter: Record<string, unknown> = {
        organization_id: mongoose.trusted({ $in: organizationIds }),
        is_active: true,
      };
      if (caller.onlyProjectId !== undefined) {
        if (caller.onlyProjectId === null || !Types.ObjectId.isValid(caller.onlyProjectId))
          return { data: [], next_cursor: null };
        filter._id = new Types.ObjectId(caller.onlyProjectId);
      }
      const page = await paginateNewestFirst(Projects, filter, query);
      return { data: page.data.map(projectView), next_cursor: page.next_cursor };
    },

    async get(caller, projectId) {
      const { project } = await authorizeCaller(caller, projectId, 'project:read');
      return projectView(project);
    },

    async update(caller, projectId, changes, context) {
      const { project } = await authorizeCaller(caller, projectId, 'project:update');
      const set: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(changes)) {
        if (value !== undefined) set[field] = value === '' ? null : value;
      }
      const updated = await updateOne(project._id, set);
      await audit('project.updated', updated, caller.userId, context, { fields: Object.keys(set) });
      return projectView(updated);
    },

    async deactivate(caller, projectId, context) {
      const { project } = await authorizeCaller(caller, projectId, 'project:deactivate');
      const updated = await updateOne(project._id, { is_active: false });
      await audit('project.deactivated', updated, caller.userId, context, { name: updated.name });
      return projectView(updated);
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
