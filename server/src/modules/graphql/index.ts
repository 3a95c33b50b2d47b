export {
  createGraphqlRouter,
  graphqlBodyParser,
  GRAPHQL_PATH,
  type GraphqlRouterDependencies,
} from './graphql.http.js';
export { GRAPHQL_LIMITS } from './graphql.limits.js';
export { graphqlSchema, graphqlSdl } from './graphql.schema.js';
