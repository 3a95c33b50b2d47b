import { Types, type Connection } from 'mongoose';
import {
  builtInPermissions,
  isPermissionName,
  type OrganizationRoleSource,
  type PermissionName,
} from '../../core/permissions.js';
import { CredentialCache, revocationFeedFor } from '../../lib/revocations.js';
import { organizationModels, type OrganizationRoleDocument } from './organizations.model.js';

/** A cached organization's custom roles are read again at the latest after this. */
const ROLES_CACHE_TTL_MS = 60_000;
const ROLES_CACHE_MAX_ORGANIZATIONS = 10_000;

type RoleMap = ReadonlyMap<string, ReadonlySet<PermissionName>>;

export interface CachedRoleSource extends OrganizationRoleSource {
  /** After a custom role of the organization changed: every process drops its cached roles. */
  changed(organizationId: string): Promise<void>;
  /**
   * The role a name means in the organization, as assigned to members: a built-in role, or a
   * custom role under its own spelling (`Editor` for `editor`); null when there is none. Read
   * from the database, not the cache: assignments go by what is stored now.
   */
  resolve(
    organizationId: string,
    name: string,
  ): Promise<{ name: string; permissions: ReadonlySet<PermissionName> } | null>;
}

/**
 * Where a member's permissions come from: built-in roles from core/permissions.ts (no read), an
 * organization's custom roles from `organization_roles` — all of one organization in one read,
 * cached per organization and dropped in every process when one of them changes (the revocation
 * feed, lib/revocations.ts: at most FRESH_MS late elsewhere, at once in the changing process).
 * Role names match case-insensitively; an unknown name has no permissions (null).
 */
export function createRoleSource(connection: Connection): CachedRoleSource {
  const { Roles } = organizationModels(connection);
  const feed = revocationFeedFor(connection);
  const cache = new CredentialCache<RoleMap>(ROLES_CACHE_TTL_MS, ROLES_CACHE_MAX_ORGANIZATIONS);
  feed.subscribe((kind, key) => {
    if (kind === 'organization_roles') cache.delete(key);
  });

  async function rolesOf(organizationId: string): Promise<RoleMap> {
    const now = Date.now();
    if (feed.isFresh()) {
      const cached = cache.get(organizationId, now);
      if (cached) return cached;
    }
    const generation = feed.generation;
    const rows = await Roles.find(
      { organization_id: new Types.ObjectId(organizationId) },
      { name_key: 1, permissions: 1 },
    ).lean<Pick<OrganizationRoleDocument, 'name_key' | 'permissions'>[]>();
    const roles = new Map(
      rows.map((row) => [row.name_key, new Set(row.permissions.filter(isPermissionName))] as const),
    );
    // A read that overlapped a change may predate it: answer it, but do not keep it.
    if (feed.generation === generation) cache.set(organizationId, roles, now);
    return roles;
  }

  return {
    async permissionsOf(organizationId, roleName) {
      const builtIn = builtInPermissions(roleName);
      if (builtIn) return builtIn;
      if (!Types.ObjectId.isValid(organizationId)) return null;
      return (await rolesOf(organizationId)).get(roleName.toLowerCase()) ?? null;
    },

    async resolve(organizationId, name) {
      const builtIn = builtInPermissions(name);
      if (builtIn) return { name, permissions: builtIn };
      if (!Types.ObjectId.isValid(organizationId)) return null;
      const role = await Roles.findOne({
        organization_id: new Types.ObjectId(organizationId),
        name_key: name.trim().toLowerCase(),
      }).lean<OrganizationRoleDocument>();
      return role
        ? { name: role.name, permissions: new Set(role.permissions.filter(isPermissionName)) }
        : null;
    },

    async changed(organizationId) {
      await feed.publish('organization_roles', organizationId);
    },
  };
}
