/**
 * Reading the server's OpenAPI 3.1 document: the dashboard's endpoint reference renders it, the
 * server's assistant indexes it. Both follow `$ref`s the same way and give an operation the same
 * anchor, so the assistant can link to the operation on the docs page.
 */

/** The parts of a JSON Schema (as zod-to-openapi writes them) that the readers look at. */
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, OpenApiSchema>;
  required?: string[];
  items?: OpenApiSchema;
  enum?: unknown[];
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  nullable?: boolean;
  additionalProperties?: OpenApiSchema | boolean;
}

/** Where `$ref`s point: `#/components/schemas/<name>`. */
export interface OpenApiComponents {
  components?: { schemas?: Record<string, OpenApiSchema> };
}

/**
 * The schema a `$ref` names (followed until it names none), and `allOf` parts merged into one
 * (properties and required fields of every part). Missing schemas, and chains deeper than eight
 * steps, give `{}`.
 */
export function resolveSchema(
  document: OpenApiComponents,
  schema: OpenApiSchema | undefined,
  depth = 0,
): OpenApiSchema {
  if (!schema || depth > 8) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() ?? '';
    return resolveSchema(document, document.components?.schemas?.[name], depth + 1);
  }
  if (schema.allOf) {
    return schema.allOf.reduce<OpenApiSchema>((merged, part) => {
      const resolved = resolveSchema(document, part, depth + 1);
      return {
        ...merged,
        ...resolved,
        properties: { ...merged.properties, ...resolved.properties },
        required: [...(merged.required ?? []), ...(resolved.required ?? [])],
      };
    }, {});
  }
  return schema;
}

/** An operation's anchor on the docs page: `op-<method>-<path>`, lower case, other characters as hyphens. */
export function operationAnchor(method: string, path: string): string {
  return `op-${`${method}-${path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}
