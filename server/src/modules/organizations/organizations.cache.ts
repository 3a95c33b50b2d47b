import type { Connection, Types } from 'mongoose';
import { InvalidatedCache, type CacheTag } from '../../lib/cache-invalidation.js';
import type { MemberDocument, OrganizationDocument } from './organizations.model.js';

/**
 * What the guards of every request read about organizations, cached per process: a membership
 * with its organization, an organization, a user's list of memberships. Every write to
 * `organizations` or `organization_members` through their models drops the entries it touches
 * here at once and in other processes within FRESH_MS (lib/cache-invalidation.ts).
 */
const DIRECTORY_CACHE_TTL_MS = 60_000;
const DIRECTORY_CACHE_MAX_ENTRIES = 50_000;

export interface CachedMembership {
  member: MemberDocument | null;
  organization: OrganizationDocument | null;
}

export interface MembershipListEntry {
  id: string;
  name: string;
  slug: string;
  role: string;
}

export function createDirectoryCaches(connection: Connection) {
  const cache = <T>() =>
    new InvalidatedCache<T>(connection, DIRECTORY_CACHE_TTL_MS, DIRECTORY_CACHE_MAX_ENTRIES);
  return {
    /** By `userId:organizationId`; only found memberships are kept. */
    memberships: cache<CachedMembership>(),
    /** Active organizations by id. */
    organizations: cache<OrganizationDocument | null>(),
    /** A user's memberships (also none), by user id. */
    lists: cache<{ organizationIds: string[]; entries: MembershipListEntry[] }>(),
    /** A user's active organizations that require two-factor sign-in, by user id. */
    twoFactor: cache<{ organizationIds: string[]; entries: Array<{ id: string; name: string }> }>(),
    /** Who created the earliest organization (a global admin). */
    founder: cache<string | null>(),
  };
}

/** The tags of what a user's memberships in these organizations depend on. */
export function membershipTags(
  userId: string,
  organizationIds: readonly (string | Types.ObjectId)[],
): CacheTag[] {
  return [`membership:${userId}`, ...organizationIds.map((id): CacheTag => `organization:${String(id)}`)];
}
