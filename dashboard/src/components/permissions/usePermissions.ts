import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import { tenancyKeys, useOrganizations, type Organization } from '../tenancy/queries';

/** A permission of the platform's catalog, `resource:action` (GET /api/v1/permissions/catalog). */
export type PermissionName = ApiSchemas['PermissionName'];

/**
 * What the built-in `member` role holds (server/src/core/permissions.ts BUILT_IN_ROLES.member):
 * only for organization answers without `my_permissions` (stored before roles existed, test
 * fixtures); the server's answer always names the caller's permissions.
 */
const MEMBER_FALLBACK: ReadonlySet<string> = new Set<PermissionName>([
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
]);

type OrganizationLike = Pick<Organization, 'role'> & { my_permissions?: readonly string[] };

/** Whether the caller's role in `organization` holds `permission` (its `my_permissions`). */
export function holds(organization: OrganizationLike | undefined, permission: PermissionName): boolean {
  if (!organization) return false;
  if (organization.my_permissions) return organization.my_permissions.includes(permission);
  return organization.role === 'admin' || MEMBER_FALLBACK.has(permission);
}

export interface Permissions {
  /** The caller's organizations are still loading: nothing is known yet. */
  isPending: boolean;
  /** The caller's role in the organization (undefined while unknown or not a member). */
  role: string | undefined;
  /** Whether the caller's role holds the permission (false while unknown). */
  can(permission: PermissionName): boolean;
  /** The first of `permissions` the caller's role lacks, or null when it holds them all. */
  missing(...permissions: PermissionName[]): PermissionName | null;
}

/**
 * The caller's permissions in an organization, from the organization answer's `my_permissions`
 * (issue #33): the dashboard hides or disables what the role does not allow; the API refuses it
 * anyway (403 `forbidden` naming the permission).
 */
export function usePermissions(organizationId: string | undefined): Permissions {
  const organizations = useOrganizations();
  const organization = organizations.data?.find((entry) => entry.id === organizationId);
  return useMemo(
    () => permissionsOf(organization, organizations.isPending),
    [organization, organizations.isPending],
  );
}

/** The same as usePermissions for an organization record at hand. */
export function permissionsOf(organization: OrganizationLike | undefined, isPending = false): Permissions {
  const can = (permission: PermissionName) => holds(organization, permission);
  return {
    isPending,
    role: organization?.role,
    can,
    missing: (...permissions) => permissions.find((permission) => !can(permission)) ?? null,
  };
}

/**
 * The caller's active organizations whose role holds `permission` (e.g. where "Neues Projekt"
 * may create one), and whether the list is known yet.
 */
export function useOrganizationsWith(permission: PermissionName) {
  const organizations = useOrganizations();
  const allowed = useMemo(
    () =>
      (organizations.data ?? []).filter(
        (organization) => organization.is_active && holds(organization, permission),
      ),
    [organizations.data, permission],
  );
  return { organizations: allowed, isPending: organizations.isPending, isSuccess: organizations.isSuccess };
}

/**
 * For actions that pick their organization later (the projects page's "Neues Projekt"): the
 * permission counts as held when the caller's role holds it in at least one active organization
 * (or when there is none: then the action's dialog explains that an organization is needed).
 */
export function useAnyOrganizationPermissions(): Permissions {
  const organizations = useOrganizations();
  return useMemo(() => {
    const active = (organizations.data ?? []).filter((organization) => organization.is_active);
    // Without any organization the action's own dialog says what is missing (an organization).
    const can = (permission: PermissionName) =>
      active.length === 0 || active.some((organization) => holds(organization, permission));
    return {
      isPending: organizations.isPending,
      role: undefined,
      can,
      missing: (...permissions) => permissions.find((permission) => !can(permission)) ?? null,
    };
  }, [organizations.data, organizations.isPending]);
}

/**
 * The caller's permissions in the organization owning an application (e-mail template screens
 * know only the application); pending while the application or the organizations load.
 */
export function useApplicationPermissions(applicationId: string | undefined): Permissions {
  const application = useQuery({
    queryKey: tenancyKeys.application(applicationId ?? ''),
    enabled: Boolean(applicationId),
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/applications/{id}', { params: { path: { id: applicationId! } } })),
  });
  const permissions = usePermissions(application.data?.organization_id);
  return application.isSuccess ? permissions : { ...permissions, isPending: true };
}
