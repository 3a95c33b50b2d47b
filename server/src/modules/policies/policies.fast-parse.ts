import type { z } from '../../lib/openapi.js';
import { MAX_LIST } from './policies.conditions.js';
import { ACTION_PATTERN, AuthorizeRequestSchema } from './policies.schemas.js';

/**
 * POST /api/v1/authorize's usual body — one check, no context — validated by hand before zod:
 * the check API is called for nearly every request a partner's server handles, and zod's walk
 * through the schema was a visible share of its cost. Only bodies zod accepts are accepted here,
 * answered as zod would (the resource defaults to `{}`); anything else (a batch, a context, a field
 * out of its bounds, a key this does not know) goes to zod, which accepts or explains it.
 * test/policies/fast-parse.test.ts compares both on many bodies.
 */
const OBJECT_ID = /^[0-9a-f]{24}$/i;
const CHECK_KEYS = new Set(['subject', 'action', 'resource', 'project_id', 'organization_id']);
const RESOURCE_KEYS = new Set(['type', 'id', 'owner_id', 'organization_id', 'project_id', 'attributes']);
/** The longest string of each resource field (policies.schemas.ts's ResourceSchema). */
const RESOURCE_MAX: Record<string, number> = {
  type: 64,
  id: 128,
  owner_id: 128,
  organization_id: 64,
  project_id: 64,
};
const MAX_ATTRIBUTE_KEY = 64;
const MAX_ATTRIBUTE_TEXT = 256;

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown) => typeof value === 'string' && OBJECT_ID.test(value);

/** A scalar attribute value (strings at most 256 characters); `null` only outside lists. */
function isScalar(value: unknown, nullable: boolean): boolean {
  if (typeof value === 'string') return value.length <= MAX_ATTRIBUTE_TEXT;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'boolean' || (nullable && value === null);
}

function isAttributes(value: unknown): boolean {
  if (!isObject(value)) return false;
  let count = 0;
  for (const key in value) {
    // `__proto__` (JSON.parse makes it an own key) is left to zod.
    if (!Object.hasOwn(value, key) || key.length > MAX_ATTRIBUTE_KEY || key === '__proto__') return false;
    if (++count > MAX_LIST) return false;
    const item = value[key];
    if (Array.isArray(item)) {
      if (item.length > MAX_LIST || !item.every((element) => isScalar(element, false))) return false;
    } else if (!isScalar(item, true)) return false;
  }
  return true;
}

function isResource(value: unknown): boolean {
  if (!isObject(value)) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key) || !RESOURCE_KEYS.has(key)) return false;
    const field = value[key];
    if (key === 'attributes') {
      if (!isAttributes(field)) return false;
    } else if (typeof field === 'string') {
      if (field.length > RESOURCE_MAX[key]!) return false;
    } else if (field !== null || key === 'type' || key === 'id') {
      // Only owner_id and the ids of the resource's place may be null.
      return false;
    }
  }
  return true;
}

type AuthorizeRequest = z.output<typeof AuthorizeRequestSchema>;

/** The body as zod would answer it, when it is one plain check; else undefined (ask zod). */
export function acceptSingleCheck(value: unknown): AuthorizeRequest | undefined {
  if (!isObject(value)) return undefined;
  for (const key in value) if (!Object.hasOwn(value, key) || !CHECK_KEYS.has(key)) return undefined;
  const { subject, action, resource, project_id, organization_id } = value;
  if (typeof action !== 'string' || !ACTION_PATTERN.test(action)) return undefined;
  if (subject !== undefined) {
    if (!isObject(subject) || !isId(subject.user_id)) return undefined;
    for (const key in subject) if (key !== 'user_id') return undefined;
  }
  if (project_id !== undefined && !isId(project_id)) return undefined;
  if (organization_id !== undefined && !isId(organization_id)) return undefined;
  if (resource === undefined) return { ...value, resource: {} } as AuthorizeRequest;
  return isResource(resource) ? (value as AuthorizeRequest) : undefined;
}

/** AuthorizeRequestSchema whose safeParse answers plain checks itself (the same schema for the docs). */
export const FastAuthorizeRequestSchema = withFastPath(AuthorizeRequestSchema, acceptSingleCheck);

function withFastPath(
  schema: typeof AuthorizeRequestSchema,
  accept: (value: unknown) => AuthorizeRequest | undefined,
): typeof AuthorizeRequestSchema {
  const slow = schema.safeParse.bind(schema);
  schema.safeParse = (value, params) => {
    const data = accept(value);
    return data === undefined ? slow(value, params) : { success: true, data };
  };
  return schema;
}
