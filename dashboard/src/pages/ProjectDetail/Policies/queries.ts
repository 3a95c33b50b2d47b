import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../../api/client';
import type { toBody } from './policyForm';

/** Whose policies: a project's (with its organization's deciding too) or an organization's. */
export interface PolicyOwner {
  kind: 'project' | 'organization';
  id: string;
  /** The organization (for the caller's permissions there). */
  organizationId: string;
}

export type Decision = ApiSchemas['AuthorizationDecision'];
export type AuthorizeRequest = ApiSchemas['AuthorizeRequest'];
type PolicyBody = ReturnType<typeof toBody>;

export const policyKeys = {
  list: (owner: PolicyOwner) => ['policies', owner.kind, owner.id] as const,
};

const at = (owner: PolicyOwner) => ({ params: { path: { id: owner.id } } });
const item = (owner: PolicyOwner, policyId: string) => ({
  params: { path: { id: owner.id, policy_id: policyId } },
});

/** GET …/policies (policy:read), by name. */
export function usePolicies(owner: PolicyOwner) {
  return useQuery({
    queryKey: policyKeys.list(owner),
    queryFn: async () =>
      unwrap(
        owner.kind === 'project'
          ? await api.GET('/api/v1/projects/{id}/policies', at(owner))
          : await api.GET('/api/v1/organizations/{id}/policies', at(owner)),
      ).data,
  });
}

export async function createPolicy(owner: PolicyOwner, body: PolicyBody) {
  return unwrap(
    owner.kind === 'project'
      ? await api.POST('/api/v1/projects/{id}/policies', { ...at(owner), body })
      : await api.POST('/api/v1/organizations/{id}/policies', { ...at(owner), body }),
  );
}

export async function updatePolicy(owner: PolicyOwner, policyId: string, body: Partial<PolicyBody>) {
  return unwrap(
    owner.kind === 'project'
      ? await api.PATCH('/api/v1/projects/{id}/policies/{policy_id}', { ...item(owner, policyId), body })
      : await api.PATCH('/api/v1/organizations/{id}/policies/{policy_id}', {
          ...item(owner, policyId),
          body,
        }),
  );
}

export async function deletePolicy(owner: PolicyOwner, policyId: string) {
  const result =
    owner.kind === 'project'
      ? await api.DELETE('/api/v1/projects/{id}/policies/{policy_id}', item(owner, policyId))
      : await api.DELETE('/api/v1/organizations/{id}/policies/{policy_id}', item(owner, policyId));
  return result;
}

/** POST /api/v1/authorize for the test panel: one check in the owner's project (organization). */
export async function testRequest(
  owner: PolicyOwner,
  check: Omit<AuthorizeRequest, 'project_id' | 'organization_id'>,
) {
  const scope = owner.kind === 'project' ? { project_id: owner.id } : { organization_id: owner.id };
  return unwrap(await api.POST('/api/v1/authorize', { body: { ...scope, ...check } })) as Decision;
}
