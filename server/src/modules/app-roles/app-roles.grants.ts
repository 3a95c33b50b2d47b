import { Types, type Connection } from 'mongoose';
import { isPlatformPool } from '../../core/pools.js';
import { CredentialCache, revocationFeedFor } from '../../lib/revocations.js';
import { userModel } from '../users/index.js';
import { appRoleModels, type ProjectRoleDocument } from './app-roles.model.js';
import type { AppRolesService, GrantSubject, RoleGrants } from './app-roles.types.js';

/** A project's cached role definitions are read again at the latest after this. */
const ROLES_CACHE_TTL_MS = 60_000;
const ROLES_CACHE_MAX_PROJECTS = 10_000;

type RoleMap = ReadonlyMap<string, readonly string[]>;

const NONE: RoleGrants = Object.freeze({ roles: [], permissions: [] }) as RoleGrants;

/** Sorted (code-point order, as tokens carry them), each once. */
export function sortedNames(names: Iterable<string>): string[] {
  return [...new Set(names)].sort();
}

export interface GrantSource extends Pick<AppRolesService, 'rolesAndPermissionsOf' | 'defaultRolesOf'> {
  /** After a role of the project changed (its permissions, its name, deleted): every process re-reads. */
  changed(projectId: string): Promise<void>;
  /** What these role names grant in the project (unknown names left out). */
  grantsOf(projectId: string, roleNames: readonly string[]): Promise<RoleGrants>;
}

/**
 * What end users' roles grant: all role definitions of one project in one read, cached per
 * project and dropped when one changes — at once in the changing process, within the revocation
 * feed's bound (lib/revocations.ts) in the others. A user's own role list is on their profile.
 */
export function createGrantSource(connection: Connection): GrantSource {
  const { Roles, Defaults } = appRoleModels(connection);
  const Users = userModel(connection);
  const feed = revocationFeedFor(connection);
  const cache = new CredentialCache<RoleMap>(ROLES_CACHE_TTL_MS, ROLES_CACHE_MAX_PROJECTS);
  feed.subscribe((kind, key) => {
    if (kind === 'project_roles') cache.delete(key);
  });

  async function rolesOf(projectId: string): Promise<RoleMap> {
    const now = Date.now();
    if (feed.isFresh()) {
      const cached = cache.get(projectId, now);
      if (cached) return cached;
    }
    const generation = feed.generation;
    const rows = await Roles.find(
      { project_id: new Types.ObjectId(projectId) },
      { name: 1, permissions: 1 },
    ).lean<Pick<ProjectRoleDocument, 'name' | 'permissions'>[]>();
    const roles = new Map(rows.map((row) => [row.name, row.permissions] as const));
    // A read that overlapped a change may predate it: answer it, but do not keep it.
    if (feed.generation === generation) cache.set(projectId, roles, now);
    return roles;
  }

  async function grantsOf(projectId: string, roleNames: readonly string[]): Promise<RoleGrants> {
    if (roleNames.length === 0 || !Types.ObjectId.isValid(projectId)) return NONE;
    const defined = await rolesOf(projectId);
    const roles = sortedNames(roleNames.filter((name) => defined.has(name)));
    return { roles, permissions: sortedNames(roles.flatMap((name) => defined.get(name) ?? [])) };
  }

  return {
    grantsOf,

    async changed(projectId) {
      await feed.publish('project_roles', projectId);
    },

    async rolesAndPermissionsOf(projectId, user) {
      if (!Types.ObjectId.isValid(projectId)) return NONE;
      let subject: GrantSubject | null;
      if (typeof user === 'string') {
        subject = Types.ObjectId.isValid(user)
          ? await Users.findOne(
              { _id: new Types.ObjectId(user), pool_id: projectId },
              { pool_id: 1, roles: 1 },
            ).lean<GrantSubject>()
          : null;
      } else subject = user;
      // Only the project's own end users hold its roles.
      if (!subject || subject.pool_id !== projectId) return NONE;
      return grantsOf(projectId, subject.roles ?? []);
    },

    async defaultRolesOf(poolId) {
      if (isPlatformPool(poolId) || !Types.ObjectId.isValid(poolId)) return [];
      const pointer = await Defaults.findById(new Types.ObjectId(poolId), { role: 1 }).lean();
      return pointer?.role ? [pointer.role] : [];
    },
  };
}
