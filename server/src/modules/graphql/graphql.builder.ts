import SchemaBuilder, { type ObjectRef } from '@pothos/core';
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import type { Page } from '../../lib/pagination.js';
import type { GraphqlContext } from './graphql.context.js';

/**
 * The code-first schema (Pothos): one builder for the process. Resolvers reach the services
 * through the request's context, so the schema itself holds no state and is built once.
 * Fields are non-null unless they say otherwise; arguments are optional unless `required`.
 */
export const builder = new SchemaBuilder<{
  Context: GraphqlContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
  };
}>({ defaultFieldNullability: false });

builder.queryType({ description: 'Reads of the product API (docs/graphql.md).' });
builder.mutationType({
  description: 'Writes of the product API: audited and emitting webhooks as REST does.',
});

builder.scalarType('DateTime', {
  description: 'An ISO 8601 date and time in UTC, e.g. 2025-01-31T12:00:00.000Z (as the REST API answers).',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      throw new GraphQLError('DateTime must be an ISO 8601 string.');
    return value;
  },
});

function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map(literalValue);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value)]));
    default:
      throw new GraphQLError('Variables cannot be used inside a JSON literal.');
  }
}

builder.scalarType('JSON', {
  description: 'A JSON value whose shape the REST API documents (OpenAPI schema named in the field).',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node) => literalValue(node),
});

/** `hasNextPage` and `endCursor` of a connection: the REST list's `next_cursor`. */
export const PageInfo = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('PageInfo')
  .implement({
    description: 'Forward paging: pass `endCursor` as `after` while `hasNextPage` is true.',
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', { nullable: true }),
    }),
  });

/** The builder's type parameters, for refs passed between files. */
export type BuilderTypes =
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never;

/**
 * A Relay connection over one REST list page (`{data, next_cursor}`): `edges { node }`, `nodes`
 * and `pageInfo`. The cursors are the REST API's own keyset cursors, so a page of either API
 * continues in the other.
 */
export function connectionOf<T extends object>(
  name: string,
  node: ObjectRef<BuilderTypes, T>,
  description: string,
) {
  // Pothos cannot resolve its conditional result types for a generic T: the casts say "a T".
  const Edge = builder.objectRef<{ node: T }>(`${name}Edge`).implement({
    fields: (t) => ({ node: t.field({ type: node, resolve: (edge) => edge.node as never }) }),
  });
  return builder.objectRef<Page<T>>(`${name}Connection`).implement({
    description,
    fields: (t) => ({
      edges: t.field({ type: [Edge], resolve: (page) => page.data.map((item) => ({ node: item })) }),
      nodes: t.field({ type: [node], resolve: (page) => page.data as never }),
      pageInfo: t.field({
        type: PageInfo,
        resolve: (page) => ({ hasNextPage: page.next_cursor !== null, endCursor: page.next_cursor }),
      }),
    }),
  });
}

/** The paging arguments of every connection: `first` (1–100, default 20) and `after`. */
export const pageArgs = builder.args((t) => ({
  first: t.int({ description: 'How many items (1–100, default 20), as REST `limit`.' }),
  after: t.string({ description: 'The `endCursor` of the previous page, as REST `cursor`.' }),
}));

/** Connection arguments as the REST list query (`limit`, `cursor`), validated by the route's own schema. */
export function pageQuery(args: { first?: number | null; after?: string | null }) {
  return {
    ...(args.first !== undefined && args.first !== null ? { limit: args.first } : {}),
    ...(args.after ? { cursor: args.after } : {}),
  };
}
