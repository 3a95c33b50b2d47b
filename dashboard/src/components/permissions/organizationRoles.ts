import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../api/client';

export type OrganizationRole = ApiSchemas['OrganizationRole'];

/** Under `organizations`, so a change of members or organizations refreshes the counts too. */
export const organizationRolesKey = (organizationId: string) =>
  ['organizations', organizationId, 'roles'] as const;

/**
 * An organization's roles (GET /organizations/{id}/roles, `role:read`): the built-in `admin` and
 * `member` first, then its custom roles by name, each with its permissions and member count.
 */
export function useOrganizationRoles(organizationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: organizationRolesKey(organizationId),
    enabled: enabled && organizationId !== '',
    queryFn: async () =>
      unwrap(await api.GET('/api/v1/organizations/{id}/roles', { params: { path: { id: organizationId } } }))
        .data,
  });
}
