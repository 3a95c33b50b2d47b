import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import {
  ApplicationErrors,
  type ApplicationCaller,
  type ApplicationsService,
} from '../applications/index.js';
import { organizationsWith, type OrganizationIdsOf } from '../../core/permissions.js';
import { OrganizationErrors } from '../organizations/index.js';
import { ProjectErrors, type ProjectsService } from '../projects/index.js';
import type { RollupScope } from './rollups.model.js';
import type { AnalyticsCaller, AnalyticsQuery } from './summaries.types.js';

/** The rollups one answer reads: one scope and the ids of that scope the caller may see. */
export interface Scope {
  scope: RollupScope;
  ids: Types.ObjectId[];
}

export interface ScopeDependencies {
  applications: Pick<ApplicationsService, 'get'>;
  projects: Pick<ProjectsService, 'get'>;
  organizationIdsOf: OrganizationIdsOf;
}

export function createScopeOf(deps: ScopeDependencies) {
  /**
   * What the caller may read, narrowed by the filters. Another tenant's id answers 404 exactly as
   * an id that does not exist; an API token reads its own application and organization only.
   */
  return async function scopeOf(caller: AnalyticsCaller, query: AnalyticsQuery): Promise<Scope> {
    const isToken = caller.via === 'api_token';
    const applicationCaller: ApplicationCaller = {
      userId: caller.userId,
      applicationId: isToken ? (caller.applicationId ?? '') : null,
    };
    // Organizations where the caller's role has analytics:read (a member without it: 403 naming it).
    const readable = await organizationsWith(deps.organizationIdsOf, caller.userId, 'analytics:read');
    const organizationIds = readable.ids.filter((id) => !isToken || String(id) === caller.organizationId);
    const reads = (organizationId: string) => organizationIds.some((id) => String(id) === organizationId);
    if (query.organization_id && !reads(query.organization_id)) {
      if (isToken && caller.organizationId !== query.organization_id)
        throw new AppError(OrganizationErrors.NOT_FOUND);
      await readable.require(query.organization_id, OrganizationErrors.NOT_FOUND);
    }

    if (query.application_id) {
      const application = await deps.applications.get(applicationCaller, query.application_id);
      if (query.project_id && application.project_id !== query.project_id)
        throw new AppError(ApplicationErrors.NOT_FOUND);
      if (query.organization_id && application.organization_id !== query.organization_id)
        throw new AppError(ApplicationErrors.NOT_FOUND);
      if (!reads(application.organization_id))
        await readable.require(application.organization_id, ApplicationErrors.NOT_FOUND);
      return { scope: 'application', ids: [new Types.ObjectId(application.id)] };
    }
    if (query.project_id) {
      const onlyProjectId = isToken
        ? (await deps.applications.get(applicationCaller, caller.applicationId ?? '')).project_id
        : undefined;
      const project = await deps.projects.get({ userId: caller.userId, onlyProjectId }, query.project_id);
      if (query.organization_id && project.organization_id !== query.organization_id)
        throw new AppError(ProjectErrors.NOT_FOUND);
      if (!reads(project.organization_id))
        await readable.require(project.organization_id, ProjectErrors.NOT_FOUND);
      return { scope: 'project', ids: [new Types.ObjectId(project.id)] };
    }
    const ids = query.organization_id ? [new Types.ObjectId(query.organization_id)] : organizationIds;
    return { scope: 'organization', ids };
  };
}
