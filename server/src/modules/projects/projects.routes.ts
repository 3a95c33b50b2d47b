import type { Request } from 'express';
import type { ApiRouter } from '../../lib/api-router.js';
import { requestContext } from '../../core/request-context.js';
import { authOf } from '../../core/auth-context.js';
import { createdByCaller, resourceRouteSpecs } from '../../core/resource-routes.js';
import {
  CreatedProjectSchema,
  CreateProjectSchema,
  ListProjectsQuery,
  ProjectListSchema,
  ProjectSchema,
  UpdateProjectSchema,
} from './projects.schemas.js';
import type { ProjectCaller, ProjectsService } from './projects.service.js';

export interface ProjectRouteDependencies {
  projects: ProjectsService;
  /** The project of an active application (API tokens see only their application's project). */
  projectIdOfApplication(applicationId: string): Promise<string | null>;
}

export function registerProjectRoutes(api: ApiRouter, deps: ProjectRouteDependencies): void {
  const { projects } = deps;
  const specs = resourceRouteSpecs(['Projects'], {
    description: 'No such active project among the caller’s (also for other tenants’ ids)',
  });

  async function callerOf(req: Request): Promise<ProjectCaller> {
    const auth = authOf(req);
    if (auth.via !== 'api_token') return { userId: auth.userId };
    return {
      userId: auth.userId,
      onlyProjectId: auth.applicationId ? await deps.projectIdOfApplication(auth.applicationId) : null,
    };
  }

  api.route(
    specs.collection({
      method: 'post',
      permission: 'project:create',
      path: '/projects',
      summary: 'Create a project in an organization',
      description:
        'Members may create. The answer carries the generated `api_key` in full — the only time it is shown.',
      body: CreateProjectSchema,
      responses: {
        201: { description: 'Created', schema: CreatedProjectSchema },
        404: { description: 'No such organization among the caller’s' },
        409: { description: 'Slug taken in this organization' },
      },
    }),
    createdByCaller(projects.create),
  );

  api.route(
    specs.collection({
      method: 'get',
      permission: 'project:read',
      path: '/projects',
      summary: 'List active projects',
      description:
        'Newest first, across the caller’s organizations or of one (`organization_id`). An API token sees only its application’s project.',
      tokenScope: 'read',
      query: ListProjectsQuery,
      responses: {
        200: { description: 'Projects', schema: ProjectListSchema },
        404: { description: 'No such organization among the caller’s' },
      },
    }),
    async (req, res) => {
      res.json(await projects.list(await callerOf(req), req.valid.query));
    },
  );

  api.route(
    specs.item({
      method: 'get',
      permission: 'project:read',
      path: '/projects/:id',
      summary: 'Get a project',
      tokenScope: 'read',
      responses: { 200: { description: 'Project', schema: ProjectSchema } },
    }),
    async (req, res) => {
      res.json(await projects.get(await callerOf(req), req.valid.params.id));
    },
  );

  api.route(
    specs.item({
      method: 'patch',
      permission: 'project:update',
      path: '/projects/:id',
      summary: 'Update a project',
      description:
        'Members may edit. Signed-in sessions only: API tokens belong to an application, not to its project.',
      body: UpdateProjectSchema,
      responses: {
        200: { description: 'Updated', schema: ProjectSchema },
        409: { description: 'Slug taken in this organization' },
      },
    }),
    async (req, res) => {
      res.json(
        await projects.update(await callerOf(req), req.valid.params.id, req.valid.body, requestContext(req)),
      );
    },
  );

  api.route(
    specs.item({
      method: 'post',
      permission: 'project:deactivate',
      path: '/projects/:id/deactivate',
      summary: 'Deactivate a project (admins)',
      description: 'The project and its applications disappear from lists and from the embedding API.',
      responses: {
        200: { description: 'Deactivated', schema: ProjectSchema },
        403: { description: 'Not an admin' },
      },
    }),
    async (req, res) => {
      res.json(await projects.deactivate(await callerOf(req), req.valid.params.id, requestContext(req)));
    },
  );
}
