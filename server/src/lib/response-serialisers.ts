/**
 * Responses of known shape written by precompiled serialisers (issue #38, "Serialisation"): a route's
 * declared response schema (zod, the same one the OpenAPI document shows) is turned into a JSON
 * Schema once and compiled by fast-json-stringify into a function that writes exactly the declared
 * fields — faster than JSON.stringify, and a field the schema does not declare is never sent (a
 * response schema filters: a password hash or an internal flag added to a document by mistake stays
 * on the server).
 *
 * Only schemas that fast-json-stringify writes exactly as JSON.stringify would are compiled: objects
 * whose properties are all declared (no passthrough, no `z.any()`/`z.unknown()` parts, no
 * unrepresentable types such as z.date()), arrays of those, primitives, enums. Every type also takes
 * null, so a null where the schema expected a value is written as null (as JSON.stringify would), not
 * coerced to "" or 0. Anything else — or a body the compiled function refuses (a required field
 * missing) — goes through JSON.stringify as before.
 */
import fastJson from 'fast-json-stringify';
import type { RequestHandler, Response } from 'express';
import type { ZodType } from 'zod';
import { JSON_CONTENT_TYPE, sendJsonText } from './compression.js';
import { z } from './openapi.js';

export type Serialise = (body: unknown) => string;

type JsonSchema = Record<string, unknown>;

const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean', 'null']);
/** Keywords that only constrain values: they change nothing in what is written. */
const ANNOTATIONS = new Set([
  '$schema',
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'enum',
  'const',
  'propertyNames',
  'id',
]);

/**
 * The schema as fast-json-stringify should see it (every type nullable), or null where it would
 * not write what JSON.stringify writes.
 */
export function exactSchema(schema: JsonSchema): JsonSchema | null {
  if (Array.isArray(schema.anyOf)) return exactUnion(schema);
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) {
    // enum/const without a type (z.literal of mixed kinds): let JSON.stringify write it.
    return null;
  }
  const out: JsonSchema = {};
  const shaping = new Set(['type', 'properties', 'required', 'items', 'additionalProperties']);
  // Constraints and annotations are left out: fast-json-stringify would act on some (`format`).
  if (Object.keys(schema).some((keyword) => !shaping.has(keyword) && !ANNOTATIONS.has(keyword))) return null;
  for (const type of types as string[]) {
    if (type === 'object') {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const exactProperties: Record<string, JsonSchema> = {};
      for (const [name, property] of Object.entries(properties)) {
        const exact = exactSchema(property);
        if (!exact) return null;
        exactProperties[name] = exact;
      }
      const additional = schema.additionalProperties;
      if (additional === undefined || additional === true) return null;
      if (additional !== false) {
        // A record (z.record): every value written by the value schema.
        const exact = exactSchema(additional as JsonSchema);
        if (!exact) return null;
        out.additionalProperties = exact;
      } else out.additionalProperties = false;
      out.properties = exactProperties;
      if (Array.isArray(schema.required)) out.required = schema.required;
    } else if (type === 'array') {
      const items = schema.items;
      if (!items || Array.isArray(items)) return null;
      const exact = exactSchema(items as JsonSchema);
      if (!exact) return null;
      out.items = exact;
    } else if (!PRIMITIVES.has(type)) return null;
  }
  out.type = [...new Set([...(types as string[]), 'null'])];
  return out;
}

/**
 * `anyOf`: a nullable value (`X | null`) is X (every type here takes null); a union of objects
 * (`{allowed, reason} | {results}`) is one object with each branch's properties, none required —
 * a body writes the declared properties it has. Anything else is not compiled.
 */
function exactUnion(schema: JsonSchema): JsonSchema | null {
  const { anyOf, ...rest } = schema;
  if (Object.keys(rest).some((keyword) => !ANNOTATIONS.has(keyword))) return null;
  const branches = (anyOf as JsonSchema[]).filter(
    (branch) => !(branch.type === 'null' && Object.keys(branch).length === 1),
  );
  if (branches.length === 1) return exactSchema(branches[0]!);
  const exact = branches.map((branch) => exactSchema(branch));
  const properties: Record<string, JsonSchema> = {};
  for (const branch of exact) {
    if (!branch || branch.additionalProperties !== false) return null;
    const types = branch.type as string[];
    if (types.length !== 2 || !types.includes('object')) return null;
    for (const [name, property] of Object.entries(branch.properties as Record<string, JsonSchema>)) {
      if (properties[name] && JSON.stringify(properties[name]) !== JSON.stringify(property)) return null;
      properties[name] = property;
    }
  }
  return { type: ['object', 'null'], properties, additionalProperties: false };
}

/** The JSON Schema of a zod response schema, or null when zod cannot say it exactly. */
function jsonSchemaOf(schema: ZodType): JsonSchema | null {
  try {
    return z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'throw',
      reused: 'inline',
    }) as JsonSchema;
  } catch {
    return null;
  }
}

/** The compiled serialiser of a response schema, or null (write it with JSON.stringify). */
export function compileSerialiser(schema: ZodType): Serialise | null {
  const json = jsonSchemaOf(schema);
  const exact = json && exactSchema(json);
  if (!exact) return null;
  try {
    return fastJson(exact as unknown as Parameters<typeof fastJson>[0]) as Serialise;
  } catch {
    return null;
  }
}

/** The serialisers of one route by status, compiled on first use (start-up stays as fast as before). */
export class RouteSerialisers {
  private readonly compiled = new Map<number, Serialise | null>();

  constructor(private readonly schemas: ReadonlyMap<number, ZodType>) {}

  for(status: number): Serialise | null {
    let serialise = this.compiled.get(status);
    if (serialise === undefined) {
      const schema = this.schemas.get(status);
      serialise = schema ? compileSerialiser(schema) : null;
      this.compiled.set(status, serialise);
    }
    return serialise;
  }
}

const SERIALISERS = Symbol('routeSerialisers');
/**
 * Kept in `res.locals` (a small object Express makes per request), not on the response itself: a
 * property added to the response, which already holds dozens, copies its property store — about
 * 1.7 kB of garbage per request (issue #38, allocation profile of the verify route).
 */
type WithSerialisers = Response & { locals: { [SERIALISERS]?: RouteSerialisers } };

/** A route's first middleware: its answers are written by `serialisers` (see sendJson below). */
export function useSerialisers(serialisers: RouteSerialisers): RequestHandler {
  return function useSerialisers(_req, res, next) {
    (res as WithSerialisers).locals[SERIALISERS] = serialisers;
    next();
  };
}

/**
 * Installs on an app's response prototype a `res.json` that writes the body with the route's
 * compiled serialiser for the response's status when it has one; otherwise (or when the body does
 * not fit the schema: a required field missing) Express's own JSON.stringify as before.
 */
export function serialiseJsonResponses(response: Response): void {
  const json = response.json;
  response.json = function serialisedJson(this: WithSerialisers, body?: unknown): Response {
    const serialise = this.locals?.[SERIALISERS]?.for(this.statusCode);
    if (!serialise) return json.call(this, body);
    let text: string;
    try {
      text = serialise(body);
    } catch {
      return json.call(this, body);
    }
    // Express's `res.json` would set `application/json` and its `send` add the charset; a route
    // that chose its own type keeps it (and Express's send).
    if (this.getHeader('Content-Type') !== undefined) return this.send(text);
    this.setHeader('Content-Type', JSON_CONTENT_TYPE);
    return sendJsonText(this, text);
  };
}
