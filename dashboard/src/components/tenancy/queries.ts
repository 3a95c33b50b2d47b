import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, ApiError, unwrap, type ApiSchemas } from '../../api/client';

export type Organization = ApiSchemas['Organization'];
export type OrganizationMember = ApiSchemas['OrganizationMember'];
export type Project = ApiSchemas['Project'];
export type CreatedProject = ApiSchemas['CreatedProject'];
export type Application = ApiSchemas['Application'];
export type Environment = Project['environment'];
export type Role = Organization['role'];

export const ENVIRONMENTS: Environment[] = ['development', 'staging', 'production'];
export const ROLES: Role[] = ['member', 'admin'];

/**
 * Query keys of the tenancy screens. Every key starts with its resource name, so invalidating
 * `['organizations']` refreshes every organization query (lists, details, members).
 */
export const tenancyKeys = {
  organizations: ['organizations'] as const,
  organization: (id: string) => ['organizations', id] as const,
  members: (organizationId: string) => ['organizations', organizationId, 'members'] as const,
  projects: (organizationId?: string) => ['projects', { organizationId: organizationId ?? null }] as const,
  project: (id: string) => ['projects', id] as const,
  applications: (projectId?: string) => ['applications', { projectId: projectId ?? null }] as const,
  application: (id: string) => ['applications', id] as const,
};

const PAGE_SIZE = 100;
/** A safety stop: the screens show what one person works with, not a whole tenant export. */
const MAX_PAGES = 20;

/** Follows `next_cursor` until the list is complete (filters on these screens need all rows). */
async function fetchAll<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ data: T[]; next_cursor: string | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await fetchPage(cursor);
    rows.push(...result.data);
    if (!result.next_cursor) break;
    cursor = result.next_cursor;
  }
  return rows;
}

export function useOrganizations() {
  return useQuery({
    queryKey: tenancyKeys.organizations,
    queryFn: () =>
      fetchAll(async (cursor) =>
        unwrap(await api.GET('/api/v1/organizations', { params: { query: { limit: PAGE_SIZE, cursor } } })),
      ),
  });
}

export function useProjects(organizationId?: string) {
  return useQuery({
    queryKey: tenancyKeys.projects(organizationId),
    queryFn: () =>
      fetchAll(async (cursor) =>
        unwrap(
          await api.GET('/api/v1/projects', {
            params: { query: { limit: PAGE_SIZE, cursor, organization_id: organizationId } },
          }),
        ),
      ),
  });
}

export function useApplications(projectId?: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tenancyKeys.applications(projectId),
    enabled,
    queryFn: () =>
      fetchAll(async (cursor) =>
        unwrap(
          await api.GET('/api/v1/applications', {
            params: { query: { limit: PAGE_SIZE, cursor, project_id: projectId } },
          }),
        ),
      ),
  });
}

export function useMembers(organizationId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: tenancyKeys.members(organizationId),
    enabled,
    queryFn: () =>
      fetchAll(async () =>
        unwrap(
          await api.GET('/api/v1/organizations/{id}/members', { params: { path: { id: organizationId } } }),
        ),
      ),
  });
}

/** For answers without a body (204): succeeds on 2xx; otherwise throws unwrap's ApiError. */
export function expectNoContent(result: { data?: unknown; error?: unknown; response: Response }): void {
  if (result.response.ok) return;
  unwrap(result);
}

/** A missing or foreign resource (404, or 400 for an id that cannot exist) is not retried. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

const retryUnlessClientError = (failureCount: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 1;

export function useProject(id: string) {
  return useQuery({
    queryKey: tenancyKeys.project(id),
    retry: retryUnlessClientError,
    queryFn: async () => unwrap(await api.GET('/api/v1/projects/{id}', { params: { path: { id } } })),
  });
}

export function useApplication(id: string) {
  return useQuery({
    queryKey: tenancyKeys.application(id),
    retry: retryUnlessClientError,
    queryFn: async () => unwrap(await api.GET('/api/v1/applications/{id}', { params: { path: { id } } })),
  });
}

/** The caller's role in an organization, from their organization list (undefined while unknown). */
export function useOrganizationRole(organizationId: string | undefined): Role | undefined {
  const organizations = useOrganizations();
  return organizations.data?.find((organization) => organization.id === organizationId)?.role;
}

/** Refreshes every cached query of the given resources after a change. */
export function useInvalidate() {
  const queryClient = useQueryClient();
  return useCallback(
    (...resources: ('organizations' | 'projects' | 'applications')[]) =>
      Promise.all(resources.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))),
    [queryClient],
  );
}
