import type { ProjectsService, ProjectView } from '../../projects/index.js';
import { builder, connectionOf, pageArgs, pageQuery, type BuilderTypes } from '../graphql.builder.js';
import { asRoute, restFields } from '../graphql.operations.js';
import { Organization } from './organizations.js';

type CreatedProjectView = Awaited<ReturnType<ProjectsService['create']>>;
type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, ProjectView>;

/** The fields of a project, shared by Project and CreatedProject. */
function projectFields(t: FieldBuilder) {
  return {
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description', { nullable: true }),
    organizationId: t.exposeID('organization_id'),
    environment: t.exposeString('environment', { description: 'development, staging or production.' }),
    repositoryUrl: t.exposeString('repository_url', { nullable: true }),
    apiKeyPrefix: t.exposeString('api_key_prefix'),
    isActive: t.exposeBoolean('is_active'),
    createdBy: t.exposeID('created_by'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
    organization: t.field({
      type: Organization,
      nullable: true,
      resolve: (project, _args, ctx) => ctx.loaders.organization.load(project.organization_id),
    }),
  };
}

export const Project = builder.objectRef<ProjectView>('Project').implement({
  description: 'A project of an organization (REST /projects); its applications share its user pool.',
  fields: (t) => projectFields(t),
});

const CreatedProject = builder.objectRef<CreatedProjectView>('CreatedProject').implement({
  description: 'A new project with its API key in full — the only time it is shown.',
  fields: (t) => ({ ...projectFields(t), apiKey: t.exposeString('api_key') }),
});

export const ProjectConnection = connectionOf(
  'Project',
  Project,
  'Active projects, newest first (REST GET /projects).',
);

builder.objectFields(Organization, (t) => ({
  projects: t.field({
    type: ProjectConnection,
    nullable: true,
    description: "The organization's active projects, newest first.",
    args: pageArgs,
    resolve: async (organization, args, ctx) => {
      const { query } = await asRoute<unknown, ListQuery>(ctx, 'GET /projects', {
        query: { ...pageQuery(args), organization_id: organization.id },
      });
      return ctx.services.projects.list(await ctx.loaders.projectCaller(), query);
    },
  }),
}));

type ListQuery = Parameters<ProjectsService['list']>[1];
type Create = Parameters<ProjectsService['create']>[1];
type Update = Parameters<ProjectsService['update']>[2];

builder.queryFields((t) => ({
  projects: t.field({
    type: ProjectConnection,
    nullable: true,
    description: "Across the caller's organizations, or of one (`organizationId`).",
    args: { ...pageArgs, organizationId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      const { query } = await asRoute<unknown, ListQuery>(ctx, 'GET /projects', {
        query: { ...pageQuery(args), ...restFields({ organizationId: args.organizationId }) },
      });
      return ctx.services.projects.list(await ctx.loaders.projectCaller(), query);
    },
  }),
  project: t.field({
    type: Project,
    nullable: true,
    description: "null with a 404 error (project_not_found) for another tenant's id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params } = await asRoute(ctx, 'GET /projects/:id', { params: { id: String(args.id) } });
      return ctx.loaders.project.load(params.id);
    },
  }),
}));

const CreateProjectInput = builder.inputType('CreateProjectInput', {
  fields: (t) => ({
    organizationId: t.id({ required: true }),
    name: t.string({ required: true }),
    slug: t.string({ required: true }),
    description: t.string(),
    environment: t.string({ description: 'development (default), staging or production.' }),
    repositoryUrl: t.string(),
  }),
});

const UpdateProjectInput = builder.inputType('UpdateProjectInput', {
  description: 'Fields to change; null clears description and repositoryUrl.',
  fields: (t) => ({
    name: t.string(),
    slug: t.string(),
    description: t.string(),
    environment: t.string(),
    repositoryUrl: t.string(),
  }),
});

builder.mutationFields((t) => ({
  createProject: t.field({
    type: CreatedProject,
    nullable: true,
    description: 'Members may create (REST POST /projects); the answer carries the API key once.',
    args: { input: t.arg({ type: CreateProjectInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, body, context } = await asRoute<Create>(ctx, 'POST /projects', {
        body: restFields(args.input),
      });
      return ctx.services.projects.create(caller.userId, body, context);
    },
  }),
  updateProject: t.field({
    type: Project,
    nullable: true,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: UpdateProjectInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { body, params, context } = await asRoute<Update>(ctx, 'PATCH /projects/:id', {
        params: { id: String(args.id) },
        body: restFields(args.input, ['description', 'repositoryUrl']),
      });
      return ctx.services.projects.update(await ctx.loaders.projectCaller(), params.id, body, context);
    },
  }),
  deactivateProject: t.field({
    type: Project,
    nullable: true,
    description: 'Admins (REST POST /projects/{id}/deactivate).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params, context } = await asRoute(ctx, 'POST /projects/:id/deactivate', {
        params: { id: String(args.id) },
      });
      return ctx.services.projects.deactivate(await ctx.loaders.projectCaller(), params.id, context);
    },
  }),
}));
