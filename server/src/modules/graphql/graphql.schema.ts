import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { builder } from './graphql.builder.js';
// Each file adds its types and fields to the builder.
import './schema/viewer.js';
import './schema/organizations.js';
import './schema/projects.js';
import './schema/applications.js';
import './schema/tokens.js';
import './schema/email-templates.js';
import './schema/webhooks.js';
import './schema/analytics.js';
import './schema/pool-users.js';

let schema: GraphQLSchema | undefined;

/** The GraphQL schema of the product API, built once per process (it holds no state). */
export function graphqlSchema(): GraphQLSchema {
  schema ??= builder.toSchema({ sortSchema: true });
  return schema;
}

/** The schema as SDL, types in alphabetical order: published at /api/v1/graphql/schema.graphql. */
export function graphqlSdl(): string {
  return `${printSchema(lexicographicSortSchema(graphqlSchema()))}\n`;
}
