import mongoose, { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { PoolUserErrors } from '../pool-users/index.js';
import { AppRoleErrors } from './app-roles.errors.js';
import { sortedNames } from './app-roles.grants.js';
import { unknownNames, type AppRolesKit, type RoleScope } from './app-roles.kit.js';
import type { AppRolesService, GrantSubject } from './app-roles.types.js';

type UserRoles = Pick<AppRolesService, 'getUserRoles' | 'setUserRoles'>;

/** The roles of one end user of the project's pool: read, and replaced as a whole. */
export function createUserRoles(kit: AppRolesKit): UserRoles {
  const { Users, Roles } = kit;

  /** The pool's user with that id, or 404 pool_user_not_found (also for another pool's user). */
  async function findUser(scope: RoleScope, userId: string): Promise<GrantSubject> {
    const user = Types.ObjectId.isValid(userId)
      ? await Users.findOne(
          { _id: new Types.ObjectId(userId), pool_id: scope.projectId },
          { pool_id: 1, roles: 1 },
        ).lean<GrantSubject>()
      : null;
    if (!user) throw new AppError(PoolUserErrors.NOT_FOUND);
    return user;
  }

  /** The names the project defines among these (all of them, else 400 naming the others). */
  async function knownRoles(scope: RoleScope, names: string[]): Promise<string[]> {
    const wanted = sortedNames(names);
    if (wanted.length === 0) return [];
    const found = await Roles.find(
      { project_id: scope.projectOid, name: mongoose.trusted({ $in: wanted }) },
      { name: 1 },
    ).lean<Array<{ name: string }>>();
    const known = new Set(found.map((role) => role.name));
    const unknown = wanted.filter((name) => !known.has(name));
    if (unknown.length > 0) throw unknownNames(AppRoleErrors.UNKNOWN_ROLES, 'role', unknown);
    return wanted;
  }

  return {
    async getUserRoles(caller, projectId, userId) {
      const scope = await kit.authorize(caller, projectId, 'app_role:read');
      const user = await findUser(scope, userId);
      return {
        user_id: String(user._id),
        ...(await kit.grants.rolesAndPermissionsOf(scope.projectId, user)),
      };
    },

    async setUserRoles(caller, projectId, userId, names, context) {
      const scope = await kit.authorize(caller, projectId, 'app_role:assign');
      const user = await findUser(scope, userId);
      const roles = await knownRoles(scope, names);
      const previous = sortedNames(user.roles ?? []);
      await Users.updateOne({ _id: user._id, pool_id: scope.projectId }, { $set: { roles } });
      // A role deleted in the same moment is not left on the account.
      const grants = await kit.grants.grantsOf(scope.projectId, roles);
      const gone = roles.filter((name) => !grants.roles.includes(name));
      if (gone.length > 0)
        await Users.updateOne({ _id: user._id }, { $pull: { roles: mongoose.trusted({ $in: gone }) } });
      const added = grants.roles.filter((name) => !previous.includes(name));
      const removed = previous.filter((name) => !grants.roles.includes(name));
      if (added.length > 0 || removed.length > 0) {
        const change = { roles: grants.roles, previous_roles: previous, added, removed };
        await kit.audit(scope, caller, context, {
          action: 'user.roles_changed',
          resourceType: 'user',
          resourceId: String(user._id),
          metadata: change,
        });
        kit.emit(scope, 'user.roles_changed', { user_id: String(user._id), ...change });
      }
      return { user_id: String(user._id), ...grants };
    },
  };
}
