import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../../api/client';

/** A permission a project defines for its applications (`invoice:read`). */
export type AppPermission = ApiSchemas['AppPermission'];
/** A role a project defines for its end users: a bundle of its permissions. */
export type AppRole = ApiSchemas['AppRole'];

export const appRoleKeys = {
  all: (projectId: string) => ['app-roles', projectId] as const,
  permissions: (projectId: string) => ['app-roles', projectId, 'permissions'] as const,
  roles: (projectId: string) => ['app-roles', projectId, 'roles'] as const,
};

/** Names as the API accepts them: lower-case letters, digits and : . _ -, at most 64. */
export const APP_NAME_PATTERN = /^[a-z0-9][a-z0-9:._-]{0,63}$/;

/** GET /projects/{id}/permissions (app_role:read), by name. */
export function useAppPermissions(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: appRoleKeys.permissions(projectId),
    enabled,
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/projects/{id}/permissions', { params: { path: { id: projectId } } }))
        .data,
  });
}

/** GET /projects/{id}/roles (app_role:read), by name; at most one is the default. */
export function useAppRoles(projectId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: appRoleKeys.roles(projectId),
    enabled,
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/projects/{id}/roles', { params: { path: { id: projectId } } })).data,
  });
}
