import type { Types } from 'mongoose';
import { AppError, type ErrorDefinition } from '../lib/errors.js';

/**
 * The platform's permission catalog, declared once as data (issue #33): each resource of an
 * organization lists its actions; a permission is named `resource:action` (singular resource,
 * e.g. `project:create` — the issue's `projects:create` is illustrative). Every product-API route
 * names the permission it needs (`permission` in its route spec, lib/api-router.ts); roles are
 * sets of these names: the built-in `admin` and `member` below, and an organization's custom roles
 * (collection `organization_roles`, organizations module).
 *
 * Labels are for the dashboard's role editor (German and English).
 */
interface Label {
  de: string;
  en: string;
}

const catalog = {
  organization: {
    label: { de: 'Organisation', en: 'Organization' },
    actions: {
      read: { de: 'Organisation ansehen', en: 'View the organization' },
      update: { de: 'Einstellungen der Organisation ändern', en: 'Change the organization’s settings' },
      deactivate: {
        de: 'Organisation deaktivieren und reaktivieren',
        en: 'Deactivate and reactivate the organization',
      },
    },
  },
  member: {
    label: { de: 'Mitglieder', en: 'Members' },
    actions: {
      read: { de: 'Mitglieder ansehen', en: 'View members' },
      invite: { de: 'Mitglieder einladen', en: 'Invite members' },
      update: { de: 'Rollen von Mitgliedern ändern', en: 'Change members’ roles' },
      remove: { de: 'Mitglieder entfernen', en: 'Remove members' },
    },
  },
  invitation: {
    label: { de: 'Einladungen', en: 'Invitations' },
    actions: {
      read: { de: 'Offene Einladungen ansehen', en: 'View pending invitations' },
      revoke: { de: 'Offene Einladungen zurückziehen', en: 'Withdraw pending invitations' },
    },
  },
  project: {
    label: { de: 'Projekte', en: 'Projects' },
    actions: {
      read: { de: 'Projekte ansehen', en: 'View projects' },
      create: { de: 'Projekte anlegen', en: 'Create projects' },
      update: { de: 'Projekte bearbeiten', en: 'Edit projects' },
      deactivate: { de: 'Projekte deaktivieren', en: 'Deactivate projects' },
    },
  },
  application: {
    label: { de: 'Anwendungen', en: 'Applications' },
    actions: {
      read: { de: 'Anwendungen ansehen', en: 'View applications' },
      create: { de: 'Anwendungen anlegen', en: 'Create applications' },
      update: { de: 'Anwendungen bearbeiten', en: 'Edit applications' },
      delete: { de: 'Anwendungen löschen', en: 'Delete applications' },
      manage_oidc: { de: 'OpenID-Connect-Clients verwalten', en: 'Manage OpenID Connect clients' },
    },
  },
  token: {
    label: { de: 'API-Tokens', en: 'API tokens' },
    actions: {
      create: { de: 'API-Tokens erstellen', en: 'Create API tokens' },
    },
  },
  email_template: {
    label: { de: 'E-Mail-Vorlagen', en: 'E-mail templates' },
    actions: {
      read: { de: 'E-Mail-Vorlagen ansehen', en: 'View e-mail templates' },
      update: { de: 'E-Mail-Vorlagen bearbeiten', en: 'Edit e-mail templates' },
    },
  },
  analytics: {
    label: { de: 'Analytics', en: 'Analytics' },
    actions: {
      read: { de: 'Analytics ansehen', en: 'View analytics' },
    },
  },
  alert: {
    label: { de: 'Alarme', en: 'Alerts' },
    actions: {
      read: { de: 'Alarmregeln und ihren Verlauf ansehen', en: 'View alert rules and their history' },
      manage: {
        de: 'Alarmregeln anlegen, ändern, stummschalten und testen',
        en: 'Create, change, mute and test alert rules',
      },
    },
  },
  log: {
    label: { de: 'Protokolle', en: 'Logs' },
    actions: {
      read: { de: 'Aktivitätsprotokolle ansehen und exportieren', en: 'View and export activity logs' },
    },
  },
  webhook: {
    label: { de: 'Webhooks', en: 'Webhooks' },
    actions: {
      read: { de: 'Webhooks und Zustellungen ansehen', en: 'View webhooks and deliveries' },
      manage: { de: 'Webhooks verwalten', en: 'Manage webhooks' },
    },
  },
  pool: {
    label: { de: 'Benutzerpools', en: 'User pools' },
    actions: {
      read: { de: 'Pool-Einstellungen ansehen', en: 'View pool settings' },
      update: { de: 'Pool-Einstellungen ändern', en: 'Change pool settings' },
    },
  },
  pool_user: {
    label: { de: 'Benutzer eines Pools', en: 'Pool users' },
    actions: {
      read: { de: 'Benutzer ansehen und exportieren', en: 'View and export users' },
      create: { de: 'Benutzer einladen', en: 'Invite users' },
      update: { de: 'Benutzer sperren, abmelden und zurücksetzen', en: 'Block, sign out and reset users' },
      delete: { de: 'Benutzer löschen', en: 'Delete users' },
      import: { de: 'Benutzer importieren', en: 'Import users' },
    },
  },
  role: {
    label: { de: 'Rollen', en: 'Roles' },
    actions: {
      read: { de: 'Rollen und Berechtigungen ansehen', en: 'View roles and permissions' },
      manage: { de: 'Rollen und Berechtigungen verwalten', en: 'Manage roles and permissions' },
    },
  },
  app_role: {
    label: { de: 'Rollen der Endbenutzer', en: 'End users’ roles' },
    actions: {
      read: {
        de: 'Berechtigungen und Rollen der Anwendungen ansehen',
        en: 'View the applications’ permissions and roles',
      },
      manage: {
        de: 'Berechtigungen und Rollen der Anwendungen verwalten',
        en: 'Manage the applications’ permissions and roles',
      },
      assign: { de: 'Endbenutzern Rollen zuweisen', en: 'Assign roles to end users' },
    },
  },
  skill: {
    label: { de: 'Skills', en: 'Skills' },
    actions: {
      manage: {
        de: 'Skills von Mitgliedern und Benutzern bearbeiten',
        en: 'Edit members’ and users’ skills',
      },
    },
  },
  policy: {
    label: { de: 'Policies', en: 'Policies' },
    actions: {
      read: { de: 'Policies ansehen', en: 'View policies' },
      manage: { de: 'Policies verwalten', en: 'Manage policies' },
    },
  },
} as const satisfies Record<string, { label: Label; actions: Record<string, Label> }>;

type Catalog = typeof catalog;
export type PermissionResource = keyof Catalog;
/** A permission of the platform, `resource:action` (e.g. `project:create`). */
export type PermissionName = {
  [R in PermissionResource]: `${R}:${keyof Catalog[R]['actions'] & string}`;
}[PermissionResource];

export interface CatalogResource {
  resource: PermissionResource;
  label: Label;
  actions: Array<{ name: PermissionName; action: string; label: Label }>;
}

/** The catalog in a fixed order (resources, then actions as declared): the API answers it. */
export const CATALOG: readonly CatalogResource[] = Object.entries(catalog).map(([resource, entry]) => ({
  resource: resource as PermissionResource,
  label: entry.label,
  actions: Object.entries(entry.actions).map(([action, label]) => ({
    name: `${resource}:${action}` as PermissionName,
    action,
    label,
  })),
}));

/** Every permission name, in catalog order. */
export const PERMISSION_NAMES: readonly PermissionName[] = CATALOG.flatMap((entry) =>
  entry.actions.map((action) => action.name),
);

const known = new Set<string>(PERMISSION_NAMES);

export function isPermissionName(name: string): name is PermissionName {
  return known.has(name);
}

/** Sorts permission names into catalog order (stable answers, no duplicates). */
export function inCatalogOrder(names: Iterable<string>): PermissionName[] {
  const wanted = new Set(names);
  return PERMISSION_NAMES.filter((name) => wanted.has(name));
}

/** The built-in roles of every organization (SPEC §6); custom roles may not take these names. */
export const BUILT_IN_ROLE_NAMES = ['admin', 'member'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLE_NAMES)[number];

export function isBuiltInRole(name: string): name is BuiltInRole {
  return (BUILT_IN_ROLE_NAMES as readonly string[]).includes(name);
}

/**
 * `admin` holds every permission. `member` holds exactly what members could do before roles
 * became data: read everything in the organization but pending invitations and webhooks, create
 * and edit projects and applications (and their e-mail templates), create API tokens. Roles,
 * skills and policies are new: members read roles and policies, admins manage them.
 */
export const BUILT_IN_ROLES: Readonly<Record<BuiltInRole, ReadonlySet<PermissionName>>> = {
  admin: new Set(PERMISSION_NAMES),
  member: new Set<PermissionName>([
    'organization:read',
    'member:read',
    'project:read',
    'project:create',
    'project:update',
    'application:read',
    'application:create',
    'application:update',
    'token:create',
    'email_template:read',
    'email_template:update',
    'analytics:read',
    'log:read',
    'pool:read',
    'pool_user:read',
    'role:read',
    'app_role:read',
    'policy:read',
  ]),
};

/**
 * Where a role's permissions come from: a built-in role's are fixed, a custom role's are stored
 * per organization. null: no such role in that organization (a member holding a deleted role's
 * name — which deletion refuses — would be allowed nothing).
 */
export interface OrganizationRoleSource {
  permissionsOf(organizationId: string, roleName: string): Promise<ReadonlySet<PermissionName> | null>;
}

/** The permissions of a built-in role, or null for any other name. */
export function builtInPermissions(roleName: string): ReadonlySet<PermissionName> | null {
  return isBuiltInRole(roleName) ? BUILT_IN_ROLES[roleName] : null;
}

/**
 * How a route declares what it needs: a permission of the caller's role in the organization the
 * route acts in, or `null` with the reason it needs none (account self-service, global admin,
 * public, the caller's own credentials, partner SDK calls). Product-API routes (/api/v1) must
 * declare one (lib/api-router.ts refuses to register them otherwise); test/roles/route-matrix
 * derives the route × role matrix from these declarations.
 */
export type PermissionDeclaration =
  | { permission: PermissionName; permissionReason?: undefined }
  | { permission: null; permissionReason: string };

export const PermissionErrors = {
  FORBIDDEN: {
    status: 403,
    code: 'forbidden',
    message: 'Your role does not include the permission this needs.',
  },
} as const satisfies Record<string, ErrorDefinition>;

/**
 * The 403 for a role without `permission`: code `forbidden`, the message names it, and so do
 * `permission` (a field of the body) and `details` (`[{path: 'permission', message: name}]`).
 */
export function missingPermission(permission: PermissionName): AppError {
  return new AppError(PermissionErrors.FORBIDDEN, {
    message: `Your role does not include the permission ${permission}.`,
    details: [{ path: 'permission', message: permission }],
    fields: { permission },
  });
}

/** The flags of the embedding permissions response (SPEC §6/§7), from a role's permissions. */
export function permissionFlags(permissions: ReadonlySet<PermissionName>) {
  return {
    read: permissions.has('application:read'),
    write: permissions.has('application:update'),
    delete: permissions.has('application:delete'),
    manage_members: permissions.has('member:invite'),
  };
}

/** The caller's organizations (active memberships), or only those where their role has `permission`. */
export type OrganizationIdsOf = (userId: string, permission?: PermissionName) => Promise<Types.ObjectId[]>;

/**
 * For reads across organizations (analytics, logs): the organizations where the caller's role has
 * `permission`, and a check for one named in a filter — 403 naming the permission when the caller
 * is a member there whose role lacks it, `notFound` when not a member at all (another tenant's).
 */
export async function organizationsWith(
  organizationIdsOf: OrganizationIdsOf,
  userId: string,
  permission: PermissionName,
) {
  const ids = await organizationIdsOf(userId, permission);
  const includes = (list: Types.ObjectId[], organizationId: string) =>
    list.some((id) => String(id) === organizationId);
  return {
    ids,
    async require(organizationId: string, notFound: ErrorDefinition): Promise<void> {
      if (includes(ids, organizationId)) return;
      if (includes(await organizationIdsOf(userId), organizationId)) throw missingPermission(permission);
      throw new AppError(notFound);
    },
  };
}
