import type { PoolUserCaller, PoolUsersService, PoolUserView } from '../../pool-users/index.js';
import { builder, connectionOf, pageArgs, pageQuery, type BuilderTypes } from '../graphql.builder.js';
import type { GraphqlContext } from '../graphql.context.js';
import { asRoute, restFields } from '../graphql.operations.js';
import { Project } from './projects.js';

type Detail = Awaited<ReturnType<PoolUsersService['get']>>;
type ListQuery = Parameters<PoolUsersService['list']>[2];
type UserParams = { project_id: string; user_id: string };
type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, PoolUserView>;

function poolUserFields(t: FieldBuilder) {
  return {
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    displayName: t.exposeString('display_name'),
    isVerified: t.exposeBoolean('is_verified'),
    blocked: t.exposeBoolean('blocked'),
    blockedAt: t.expose('blocked_at', { type: 'DateTime', nullable: true }),
    hasPassword: t.exposeBoolean('has_password'),
    signsInWithGoogle: t.exposeBoolean('signs_in_with_google'),
    secondFactor: t.exposeBoolean('second_factor'),
    registeredApplicationId: t.exposeID('registered_application_id', { nullable: true }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    lastLoginAt: t.expose('last_login_at', { type: 'DateTime', nullable: true }),
  };
}

const PoolUser = builder.objectRef<PoolUserView>('PoolUser').implement({
  description: "An end user of a project's user pool (REST /projects/{project_id}/users).",
  fields: (t) => poolUserFields(t),
});

const PoolUserDetail = builder.objectRef<Detail>('PoolUserDetail').implement({
  description: 'A pool user with sessions, second factors and recent activity (schema PoolUserDetail).',
  fields: (t) => ({
    ...poolUserFields(t),
    sessions: t.field({ type: 'JSON', resolve: (user) => user.sessions }),
    secondFactors: t.field({ type: 'JSON', resolve: (user) => user.second_factors }),
    recentActivity: t.field({ type: 'JSON', resolve: (user) => user.recent_activity }),
  }),
});

const PoolUserConnection = connectionOf('PoolUser', PoolUser, 'Users of the pool, newest first.');

/** The caller as the user management names it (an API token: its application's project only). */
async function poolUserCaller(ctx: GraphqlContext): Promise<PoolUserCaller> {
  return { ...(await ctx.loaders.projectCaller()), tokenId: ctx.auth?.tokenId ?? null };
}

const flag = (value: boolean | null | undefined) => (typeof value === 'boolean' ? String(value) : undefined);

builder.objectFields(Project, (t) => ({
  users: t.field({
    type: PoolUserConnection,
    nullable: true,
    description: 'The users of the project’s pool; `q` finds part of the e-mail address or name.',
    args: {
      ...pageArgs,
      q: t.arg.string(),
      verified: t.arg.boolean(),
      secondFactor: t.arg.boolean(),
      blocked: t.arg.boolean(),
    },
    resolve: async (project, args, ctx) => {
      const { params, query } = await asRoute<unknown, ListQuery, { project_id: string }>(
        ctx,
        'GET /projects/:project_id/users',
        {
          params: { project_id: project.id },
          query: {
            ...pageQuery(args),
            ...restFields({
              q: args.q,
              verified: flag(args.verified),
              secondFactor: flag(args.secondFactor),
              blocked: flag(args.blocked),
            }),
          },
        },
      );
      return ctx.services.poolUsers.list(await poolUserCaller(ctx), params.project_id, query);
    },
  }),
}));

builder.queryField('poolUser', (t) =>
  t.field({
    type: PoolUserDetail,
    nullable: true,
    description: "null with a 404 error for another tenant's project or user.",
    args: { projectId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params } = await asRoute<unknown, unknown, UserParams>(
        ctx,
        'GET /projects/:project_id/users/:user_id',
        {
          params: { project_id: String(args.projectId), user_id: String(args.id) },
        },
      );
      return ctx.services.poolUsers.get(await poolUserCaller(ctx), params.project_id, params.user_id);
    },
  }),
);

type Change = 'block' | 'unblock';

/** REST POST /projects/{project_id}/users/{user_id}/block (admins, step-up) and /unblock (write). */
function blockField(
  t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0],
  action: Change,
  route: `POST /projects/:project_id/users/:user_id/${Change}`,
) {
  return t.field({
    type: PoolUser,
    nullable: true,
    args: { projectId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params, context } = await asRoute<unknown, unknown, UserParams>(ctx, route, {
        params: { project_id: String(args.projectId), user_id: String(args.id) },
      });
      const caller = await poolUserCaller(ctx);
      return ctx.services.poolUsers[action](caller, params.project_id, params.user_id, context);
    },
  });
}

builder.mutationFields((t) => ({
  blockPoolUser: blockField(t, 'block', 'POST /projects/:project_id/users/:user_id/block'),
  unblockPoolUser: blockField(t, 'unblock', 'POST /projects/:project_id/users/:user_id/unblock'),
}));
