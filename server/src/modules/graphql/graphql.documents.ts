import { LRUCache } from 'lru-cache';
import { GraphQLError, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { GRAPHQL_LIMITS, validationRules } from './graphql.limits.js';

export type Prepared =
  { document: DocumentNode; errors?: undefined } | { document?: undefined; errors: readonly GraphQLError[] };

/**
 * Parsed and validated documents by query text. Clients send the same few queries over and over:
 * parsing and validating each once per process leaves execution as the only work of a request.
 * Refused documents are remembered too, so repeating an expensive one costs a map look-up.
 */
export function createDocumentCache(schema: GraphQLSchema, introspection: boolean) {
  const rules = validationRules(introspection);
  const cache = new LRUCache<string, Prepared>({
    max: 1_000,
    maxSize: 8 * 1024 * 1024,
    sizeCalculation: (_value, query) => query.length + 1,
  });
  return {
    prepare(query: string): Prepared {
      const known = cache.get(query);
      if (known) return known;
      let prepared: Prepared;
      try {
        const document = parse(query, { maxTokens: GRAPHQL_LIMITS.maxTokens, noLocation: false });
        const errors = validate(schema, document, rules);
        prepared = errors.length > 0 ? { errors } : { document };
      } catch (error) {
        if (!(error instanceof GraphQLError)) throw error;
        prepared = { errors: [error] };
      }
      cache.set(query, prepared);
      return prepared;
    },
  };
}
