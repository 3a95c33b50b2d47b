import { operationAnchor, resolveSchema, type OpenApiSchema } from '@iam-platform/common';

/**
 * The operations of the OpenAPI document as the assistant indexes them and the AI integration guide
 * lists them: path, summary, parameters, body fields and a curl example built from the schemas.
 */

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: OpenApiSchema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> };
}

export interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

export interface ApiOperation {
  method: string;
  path: string;
  tag: string;
  summary: string;
  description: string;
  authenticated: boolean;
  parameters: { name: string; in: string; required: boolean; description: string }[];
  bodyFields: { name: string; required: boolean; description: string }[];
  /** The operation's anchor on the docs page (dashboard/src/pages/Docs/ApiReference.tsx). */
  anchor: string;
  curl: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** A plausible value for a schema: its example, default or first enum value, else one by type. */
export function exampleValue(document: OpenApiDocument, raw: OpenApiSchema | undefined, depth = 0): unknown {
  const schema = resolveSchema(document, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.length) {
    return exampleValue(document, variant.find((option) => option.type !== 'null') ?? variant[0], depth + 1);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    if (depth > 4) return {};
    const result: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      if (schema.required?.includes(name) || depth === 0)
        result[name] = exampleValue(document, property, depth + 1);
    }
    return result;
  }
  if (type === 'array') return depth > 4 ? [] : [exampleValue(document, schema.items, depth + 1)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email') return 'user@example.com';
  if (schema.format === 'date-time') return '2030-01-31T12:00:00Z';
  if (schema.format === 'uri') return 'https://example.com';
  return 'string';
}

function curlFor(method: string, path: string, authenticated: boolean, body: unknown): string {
  const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => `<${name}>`);
  const lines = [`curl -X ${method.toUpperCase()} "$IAM_URL${url}"`];
  if (authenticated) lines.push('  -H "Authorization: Bearer $TOKEN"');
  if (path.startsWith('/api/auth/')) lines.push('  -H "X-Application-ID: $APPLICATION_ID"');
  if (body !== undefined) {
    lines.push('  -H "Content-Type: application/json"');
    lines.push(`  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

export function listOperations(document: OpenApiDocument): ApiOperation[] {
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const bodySchema = resolveSchema(
        document,
        operation.requestBody?.content?.['application/json']?.schema,
      );
      const hasBody = Boolean(operation.requestBody);
      const authenticated = Array.isArray(operation.security) && operation.security.length > 0;
      operations.push({
        method: method.toUpperCase(),
        path,
        tag: operation.tags?.[0] ?? 'Other',
        summary: operation.summary ?? '',
        description: operation.description ?? '',
        authenticated,
        parameters: (operation.parameters ?? []).map((parameter) => ({
          name: parameter.name,
          in: parameter.in,
          required: Boolean(parameter.required),
          description: parameter.description ?? resolveSchema(document, parameter.schema).description ?? '',
        })),
        bodyFields: Object.entries(bodySchema.properties ?? {}).map(([name, property]) => ({
          name,
          required: Boolean(bodySchema.required?.includes(name)),
          description: resolveSchema(document, property).description ?? '',
        })),
        anchor: operationAnchor(method, path),
        curl: curlFor(method, path, authenticated, hasBody ? exampleValue(document, bodySchema) : undefined),
      });
    }
  }
  return operations;
}
