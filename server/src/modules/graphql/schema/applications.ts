import {
  applicationCallerOf,
  type ApplicationsService,
  type ApplicationView,
} from '../../applications/index.js';
import { DEFAULT_PAGE_SIZE } from '../../../lib/pagination.js';
import { builder, connectionOf, pageArgs, pageQuery } from '../graphql.builder.js';
import { asRoute, restFields } from '../graphql.operations.js';
import { Project } from './projects.js';

type ListQuery = Parameters<ApplicationsService['list']>[1];
type Create = Parameters<ApplicationsService['create']>[1];
type Update = Parameters<ApplicationsService['update']>[2];

export const Application = builder.objectRef<ApplicationView>('Application').implement({
  description: 'An application of a project (REST /applications).',
  fields: (t) => ({
    id: t.exposeID('id'),
    projectId: t.exposeID('project_id'),
    organizationId: t.exposeID('organization_id'),
    name: t.exposeString('name'),
    slug: t.exposeString('slug'),
    description: t.exposeString('description', { nullable: true }),
    version: t.exposeString('version'),
    apiEndpoint: t.exposeString('api_endpoint', { nullable: true }),
    allowedOrigins: t.exposeStringList('allowed_origins'),
    isActive: t.exposeBoolean('is_active'),
    oidc: t.field({
      type: 'JSON',
      description:
        'The application as an OpenID Connect client, as REST answers `oidc` (schema ApplicationOidc).',
      resolve: (application) => application.oidc,
    }),
    createdBy: t.exposeID('created_by'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
    project: t.field({
      type: Project,
      nullable: true,
      resolve: (application, _args, ctx) => ctx.loaders.project.load(application.project_id),
    }),
  }),
});

export const ApplicationConnection = connectionOf(
  'Application',
  Application,
  'Active applications, newest first (REST GET /applications).',
);

builder.objectFields(Project, (t) => ({
  applications: t.field({
    type: ApplicationConnection,
    nullable: true,
    description:
      "The project's active applications, newest first. The first pages of many projects are read together (one database command).",
    args: pageArgs,
    resolve: async (project, args, ctx) => {
      const { query } = await asRoute<unknown, ListQuery>(ctx, 'GET /applications', {
        query: { ...pageQuery(args), project_id: project.id },
      });
      // Later pages are one project's own question, answered as REST does.
      if (query.cursor) return ctx.services.applications.list(applicationCallerOf(ctx.req), query);
      return ctx.loaders.applicationsOfProject.load({
        projectId: project.id,
        organizationId: project.organization_id,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
      });
    },
  }),
}));

builder.queryFields((t) => ({
  applications: t.field({
    type: ApplicationConnection,
    nullable: true,
    description: "Across the caller's projects, or of one (`projectId`). An API token sees only its own.",
    args: { ...pageArgs, projectId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      const { query } = await asRoute<unknown, ListQuery>(ctx, 'GET /applications', {
        query: { ...pageQuery(args), ...restFields({ projectId: args.projectId }) },
      });
      return ctx.services.applications.list(applicationCallerOf(ctx.req), query);
    },
  }),
  application: t.field({
    type: Application,
    nullable: true,
    description: "null with a 404 error (application_not_found) for another tenant's id.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params } = await asRoute(ctx, 'GET /applications/:id', { params: { id: String(args.id) } });
      return ctx.services.applications.get(applicationCallerOf(ctx.req), params.id);
    },
  }),
}));

const CreateApplicationInput = builder.inputType('CreateApplicationInput', {
  fields: (t) => ({
    projectId: t.id({ required: true }),
    name: t.string({ required: true }),
    slug: t.string({ description: 'Derived from the name when omitted.' }),
    description: t.string(),
    version: t.string(),
    apiEndpoint: t.string(),
    allowedOrigins: t.stringList(),
  }),
});

const UpdateApplicationInput = builder.inputType('UpdateApplicationInput', {
  description: 'Fields to change; null clears description and apiEndpoint.',
  fields: (t) => ({
    name: t.string(),
    slug: t.string(),
    description: t.string(),
    version: t.string(),
    apiEndpoint: t.string(),
    allowedOrigins: t.stringList(),
    oidc: t.field({
      type: 'JSON',
      description:
        'OpenID Connect settings as REST takes them (schema UpdateApplicationOidc, snake_case): admins with a fresh proof of identity.',
    }),
  }),
});

builder.mutationFields((t) => ({
  createApplication: t.field({
    type: Application,
    nullable: true,
    description: 'REST POST /applications: audited, emits application.created.',
    args: { input: t.arg({ type: CreateApplicationInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, body, context } = await asRoute<Create>(ctx, 'POST /applications', {
        body: restFields(args.input),
      });
      return ctx.services.applications.create(caller.userId, body, context);
    },
  }),
  updateApplication: t.field({
    type: Application,
    nullable: true,
    description: 'REST PATCH /applications/{id}: emits application.updated.',
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateApplicationInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { body, params, context } = await asRoute<Update>(
        ctx,
        'PATCH /applications/:id',
        { params: { id: String(args.id) }, body: restFields(args.input, ['description', 'apiEndpoint']) },
        // As the REST route: a proof of identity only for the OpenID settings.
        { stepUp: ({ body }) => body.oidc !== undefined },
      );
      return ctx.services.applications.update(applicationCallerOf(ctx.req), params.id, body, context);
    },
  }),
  deleteApplication: t.boolean({
    nullable: true,
    description: 'Soft delete (REST DELETE /applications/{id}, admins): emits application.deleted.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params, context } = await asRoute(ctx, 'DELETE /applications/:id', {
        params: { id: String(args.id) },
      });
      await ctx.services.applications.remove(applicationCallerOf(ctx.req), params.id, context);
      return true;
    },
  }),
}));
