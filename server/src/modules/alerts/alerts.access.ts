import mongoose, { Types } from 'mongoose';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { organizationsWith, type PermissionName } from '../../core/permissions.js';
import { ApplicationErrors } from '../applications/index.js';
import { OrganizationErrors } from '../organizations/index.js';
import { ProjectErrors } from '../projects/index.js';
import { AlertErrors } from './alerts.errors.js';
import type { AlertModels, AlertRuleDocument } from './alerts.model.js';
import type { AlertListQueryInput } from './alerts.schemas.js';
import type { AlertDirectory } from './alerts.types.js';

export interface RuleScope {
  organizationId: string;
  projectId: string;
  applicationId: string | null;
}

/**
 * Who may see and change which rules: the caller's role in the rule's organization needs
 * alert:read / alert:manage; another tenant's rule, project or application answers 404 as if it
 * did not exist (the directory's authorize turns "no member" into the given 404).
 */
export function createAlertAccess(models: AlertModels, directory: AlertDirectory) {
  return {
    /** The application or project a new rule watches (exactly one of the two). */
    async scopeFor(
      userId: string,
      input: { application_id?: string; project_id?: string },
      permission: PermissionName,
    ): Promise<RuleScope> {
      if (Boolean(input.application_id) === Boolean(input.project_id))
        throw new AppError(CommonErrors.VALIDATION_FAILED, {
          message: 'body.application_id: Name either an application_id or a project_id, not both.',
          details: [
            { path: 'body.application_id', message: 'Name either an application_id or a project_id.' },
          ],
        });
      if (input.application_id) {
        const application = await directory.application(input.application_id);
        if (!application) throw new AppError(ApplicationErrors.NOT_FOUND);
        await directory.authorize(
          userId,
          application.organizationId,
          permission,
          ApplicationErrors.NOT_FOUND,
        );
        return { ...application, applicationId: input.application_id };
      }
      const project = await directory.project(input.project_id!);
      if (!project) throw new AppError(ProjectErrors.NOT_FOUND);
      await directory.authorize(userId, project.organizationId, permission, ProjectErrors.NOT_FOUND);
      return { organizationId: project.organizationId, projectId: input.project_id!, applicationId: null };
    },

    /** A rule of one of the caller's organizations where the role has `permission`. */
    async rule(userId: string, alertId: string, permission: PermissionName): Promise<AlertRuleDocument> {
      const rule = await models.AlertRules.findById(alertId).lean<AlertRuleDocument>();
      if (!rule) throw new AppError(AlertErrors.NOT_FOUND);
      await directory.authorize(userId, String(rule.organization_id), permission, AlertErrors.NOT_FOUND);
      return rule;
    },

    /** The filter of a list: the organizations where the caller may read alerts, narrowed by the query. */
    async listFilter(userId: string, query: AlertListQueryInput): Promise<Record<string, unknown>> {
      if (query.application_id) {
        const scope = await this.scopeFor(userId, { application_id: query.application_id }, 'alert:read');
        if (query.project_id && query.project_id !== scope.projectId)
          throw new AppError(ApplicationErrors.NOT_FOUND);
        if (query.organization_id && query.organization_id !== scope.organizationId)
          throw new AppError(ApplicationErrors.NOT_FOUND);
        return { application_id: new Types.ObjectId(query.application_id) };
      }
      if (query.project_id) {
        const scope = await this.scopeFor(userId, { project_id: query.project_id }, 'alert:read');
        if (query.organization_id && query.organization_id !== scope.organizationId)
          throw new AppError(ProjectErrors.NOT_FOUND);
        // The project's own rules and those of its applications.
        return { project_id: new Types.ObjectId(query.project_id) };
      }
      const readable = await organizationsWith(directory.organizationIdsOf, userId, 'alert:read');
      if (query.organization_id) {
        await readable.require(query.organization_id, OrganizationErrors.NOT_FOUND);
        return { organization_id: new Types.ObjectId(query.organization_id) };
      }
      return { organization_id: mongoose.trusted({ $in: readable.ids }) };
    },
  };
}
export type AlertAccess = ReturnType<typeof createAlertAccess>;
