/**
 * Who may do what inside an organization, declared as data: each resource lists its actions,
 * each role lists what it is granted. Routes name the permission they need (`project:create`).
 *
 * Active members read everything in their organization and create and edit projects and
 * applications; admins also manage the organization and its members, deactivate projects and
 * delete applications (SPEC §6, issue 5).
 */
export const statements = {
  organization: ['read', 'update', 'deactivate'],
  member: ['read', 'invite', 'update', 'remove'],
  project: ['read', 'create', 'update', 'deactivate'],
  application: ['read', 'create', 'update', 'delete'],
  token: ['create'],
  webhook: ['manage'],
} as const;

type Statements = typeof statements;
export type Resource = keyof Statements;
export type Permission = { [R in Resource]: `${R}:${Statements[R][number]}` }[Resource];

export const ROLES = ['admin', 'member'] as const;
export type Role = (typeof ROLES)[number];

const everything = Object.entries(statements).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}:${action}` as Permission),
);

export const rolePermissions: Record<Role, ReadonlySet<Permission>> = {
  admin: new Set(everything),
  member: new Set<Permission>([
    'organization:read',
    'member:read',
    'project:read',
    'project:create',
    'project:update',
    'application:read',
    'application:create',
    'application:update',
    'token:create',
  ]),
};

export function can(role: Role, permission: Permission): boolean {
  return rolePermissions[role].has(permission);
}

/** The flags of the embedding permissions response (SPEC §6/§7). */
export function permissionFlags(role: Role) {
  return {
    read: can(role, 'application:read'),
    write: can(role, 'application:update'),
    delete: can(role, 'application:delete'),
    manage_members: can(role, 'member:invite'),
  };
}
