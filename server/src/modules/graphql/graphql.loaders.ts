import DataLoader from 'dataloader';
import type { Request } from 'express';
import type { Page } from '../../lib/pagination.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from '../../core/auth-context.js';
import { applicationCallerOf, type ApplicationView } from '../applications/index.js';
import { OrganizationErrors, type OrganizationView } from '../organizations/index.js';
import type { ProjectCaller, ProjectView } from '../projects/index.js';
import type { GraphqlServices } from './graphql.services.js';

/** The first page of a project's applications: the key of the batched loader. */
export interface ApplicationPageKey {
  projectId: string;
  organizationId: string;
  limit: number;
}

/**
 * The first pages of many projects' applications: one service call (one query) per organization
 * and page size among the keys; a refusal in one organization fails only its projects' pages.
 */
function applicationPages(services: GraphqlServices, req: Request) {
  return async (keys: readonly ApplicationPageKey[]) => {
    const groups = new Map<string, ApplicationPageKey[]>();
    for (const key of keys) {
      const group = `${key.organizationId}:${key.limit}`;
      groups.set(group, [...(groups.get(group) ?? []), key]);
    }
    const answers = new Map<ApplicationPageKey, Page<ApplicationView> | Error>();
    await Promise.all(
      [...groups.values()].map(async (group) => {
        const { organizationId, limit } = group[0]!;
        const projectIds = group.map((key) => key.projectId);
        try {
          const pages = await services.applications.firstPagesInProjects(
            applicationCallerOf(req),
            organizationId,
            projectIds,
            limit,
          );
          for (const key of group)
            answers.set(key, pages.get(key.projectId) ?? { data: [], next_cursor: null });
        } catch (error) {
          for (const key of group) answers.set(key, error as Error);
        }
      }),
    );
    return keys.map((key) => answers.get(key)!);
  };
}

/**
 * One request's loaders (DataLoader): a field asked for by many parents in one query — the
 * applications of 50 projects, the token counts of their applications — is read with one
 * database command for all of them instead of one per parent, and each id is read once.
 */
export interface GraphqlLoaders {
  /** As REST answers GET /organizations/{id} to this caller (404 for others' and out of a token's reach). */
  organization: DataLoader<string, OrganizationView>;
  /** As REST answers GET /projects/{id}. */
  project: DataLoader<string, ProjectView>;
  /** The first page of a project's applications, as GET /applications?project_id answers it. */
  applicationsOfProject: DataLoader<ApplicationPageKey, Page<ApplicationView>, string>;
  /** The caller's usable API tokens of each application (the caller has read the application). */
  tokenCount: DataLoader<string, number>;
  /** The caller as the projects module names it (an API token sees only its application's project). */
  projectCaller(): Promise<ProjectCaller>;
}

/** Settles each key on its own, so one refused id fails only its own field. */
function eachKey<K, V>(load: (key: K) => Promise<V>) {
  return (keys: readonly K[]) =>
    Promise.all(keys.map((key) => load(key).catch((error: unknown) => error as Error)));
}

export function createLoaders(
  services: GraphqlServices,
  req: Request,
  caller: AuthContext | null,
): GraphqlLoaders {
  let projectCaller: Promise<ProjectCaller> | undefined;
  const userId = caller?.userId ?? '';
  const loaders: GraphqlLoaders = {
    projectCaller() {
      projectCaller ??= (async () => {
        if (caller?.via !== 'api_token') return { userId };
        const application = caller.applicationId
          ? await services.applications.findActive(caller.applicationId)
          : null;
        return { userId, onlyProjectId: application ? String(application.project_id) : null };
      })();
      return projectCaller;
    },

    organization: new DataLoader(
      eachKey(async (id: string) => {
        // An API token reaches only its application's organization; anything else looks nonexistent.
        if (caller?.organizationId && caller.organizationId !== id)
          throw new AppError(OrganizationErrors.NOT_FOUND);
        return services.organizations.get(userId, id);
      }),
    ),

    project: new DataLoader(
      eachKey(async (id: string) => services.projects.get(await loaders.projectCaller(), id)),
    ),

    applicationsOfProject: new DataLoader(applicationPages(services, req), {
      cacheKeyFn: (key) => `${key.projectId}:${key.limit}`,
    }),

    tokenCount: new DataLoader(async (applicationIds: readonly string[]) => {
      const counts = await services.tokens.countUsableByApplication(userId, [...applicationIds]);
      return applicationIds.map((id) => counts.get(id) ?? 0);
    }),
  };
  return loaders;
}
