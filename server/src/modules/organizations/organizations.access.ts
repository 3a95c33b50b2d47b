/**
 * The organization side of core/permissions.ts (the catalog and the built-in roles live there):
 * the names this module has always exported, kept so existing imports work.
 */
import {
  BUILT_IN_ROLE_NAMES,
  BUILT_IN_ROLES,
  permissionFlags as flagsOf,
  type BuiltInRole,
  type PermissionName,
} from '../../core/permissions.js';

export type Permission = PermissionName;

/** The built-in roles; a member's `role` may also name a custom role of the organization. */
export const ROLES = BUILT_IN_ROLE_NAMES;
export type Role = BuiltInRole;

/** A built-in role's permissions (custom roles: the organization's role source). */
export const rolePermissions = BUILT_IN_ROLES;

export function can(role: Role, permission: Permission): boolean {
  return BUILT_IN_ROLES[role].has(permission);
}

/** The flags of the embedding permissions response (SPEC §6/§7) of a built-in role. */
export function permissionFlags(role: Role) {
  return flagsOf(BUILT_IN_ROLES[role]);
}
