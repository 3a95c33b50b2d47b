import type { TokensService, TokenView } from '../../tokens/index.js';
import { builder, connectionOf, pageArgs, pageQuery, type BuilderTypes } from '../graphql.builder.js';
import { asRoute, restFields } from '../graphql.operations.js';
import { Application } from './applications.js';

type CreatedTokenView = Awaited<ReturnType<TokensService['create']>>;
type ListQuery = Parameters<TokensService['list']>[1];
type Create = Parameters<TokensService['create']>[1];
type FieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<BuilderTypes, TokenView>;

/** The fields of an API token, shared by ApiToken and CreatedApiToken. */
function tokenFields(t: FieldBuilder) {
  return {
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', { description: 'The first characters, to recognise the token.' }),
    scopes: t.exposeStringList('scopes', { description: 'read, write, delete, admin, analytics.' }),
    isActive: t.exposeBoolean('is_active'),
    status: t.exposeString('status', { description: 'active, revoked or expired.' }),
    expiresAt: t.expose('expires_at', { type: 'DateTime', nullable: true }),
    lastUsedAt: t.expose('last_used_at', { type: 'DateTime', nullable: true }),
    revokedAt: t.expose('revoked_at', { type: 'DateTime', nullable: true }),
    applicationId: t.exposeID('application_id'),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
  };
}

export const ApiToken = builder.objectRef<TokenView>('ApiToken').implement({
  description:
    "One of the signed-in person's API tokens (REST /tokens); the token itself is never shown again.",
  fields: (t) => tokenFields(t),
});

const CreatedApiToken = builder.objectRef<CreatedTokenView>('CreatedApiToken').implement({
  description: 'A new API token with `token` in full — the only time it is shown (only its hash is stored).',
  fields: (t) => ({ ...tokenFields(t), token: t.exposeString('token') }),
});

const ApiTokenConnection = connectionOf(
  'ApiToken',
  ApiToken,
  "The caller's API tokens, newest first (REST GET /tokens).",
);

builder.objectFields(Application, (t) => ({
  tokenCount: t.int({
    nullable: true,
    description:
      "The caller's usable (neither revoked nor expired) API tokens of this application; counted for a whole page of applications at once. Signed-in sessions only, as REST's token routes.",
    resolve: async (application, _args, ctx) => {
      await asRoute(ctx, 'GET /tokens');
      return ctx.loaders.tokenCount.load(application.id);
    },
  }),
  apiTokens: t.field({
    type: ApiTokenConnection,
    nullable: true,
    description: "The caller's API tokens of this application, newest first.",
    args: pageArgs,
    resolve: async (application, args, ctx) => {
      const { caller, query } = await asRoute<unknown, ListQuery>(ctx, 'GET /tokens', {
        query: { ...pageQuery(args), application_id: application.id },
      });
      return ctx.services.tokens.list(caller.userId, query);
    },
  }),
}));

builder.queryFields((t) => ({
  apiTokens: t.field({
    type: ApiTokenConnection,
    nullable: true,
    description:
      "The signed-in person's API tokens, of one application with `applicationId` (sessions only).",
    args: { ...pageArgs, applicationId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      const { caller, query } = await asRoute<unknown, ListQuery>(ctx, 'GET /tokens', {
        query: { ...pageQuery(args), ...restFields({ applicationId: args.applicationId }) },
      });
      return ctx.services.tokens.list(caller.userId, query);
    },
  }),
  apiToken: t.field({
    type: ApiToken,
    nullable: true,
    description: "null with a 404 error (token_not_found) for anyone else's token.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params } = await asRoute(ctx, 'GET /tokens/:id', { params: { id: String(args.id) } });
      return ctx.services.tokens.get(caller.userId, params.id);
    },
  }),
}));

const CreateApiTokenInput = builder.inputType('CreateApiTokenInput', {
  fields: (t) => ({
    applicationId: t.id({ required: true }),
    name: t.string({ required: true }),
    scopes: t.stringList({ required: true, description: 'read, write, delete, admin, analytics.' }),
    expiresAt: t.field({ type: 'DateTime' }),
  }),
});

builder.mutationFields((t) => ({
  createApiToken: t.field({
    type: CreatedApiToken,
    nullable: true,
    description:
      'REST POST /tokens (signed-in sessions): `token` is answered once. An `admin` scope asks for a fresh proof of identity.',
    args: { input: t.arg({ type: CreateApiTokenInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, body, context } = await asRoute<Create>(
        ctx,
        'POST /tokens',
        { body: restFields(args.input) },
        { stepUp: ({ body }) => body.scopes.includes('admin') },
      );
      return ctx.services.tokens.create(caller.userId, body, context);
    },
  }),
  revokeApiToken: t.field({
    type: ApiToken,
    nullable: true,
    description: 'Irreversible (REST POST /tokens/{id}/revoke).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { caller, params, context } = await asRoute(ctx, 'POST /tokens/:id/revoke', {
        params: { id: String(args.id) },
      });
      return ctx.services.tokens.revoke(caller.userId, params.id, context);
    },
  }),
}));
