import { Types } from 'mongoose';
import type { ZodType } from 'zod';
import { recordAudit } from '../../core/audit.js';
import type { PermissionName } from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';
import type { WebhookEventType } from '../../core/webhooks.js';
import { AppError, type ErrorDetail } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { OrganizationErrors } from '../organizations/index.js';
import { ProjectErrors } from '../projects/index.js';
import { PolicyErrors } from './policies.errors.js';
import type { PolicyDocument } from './policies.model.js';
import type { OwnerRef, PolicyCaller, PolicyServiceDependencies } from './policies.types.js';
import type { PolicyOwner } from './policies.store.js';
import { policyView } from './policies.views.js';

/**
 * 400 invalid_policy: the message names the first problem and where it is (`conditions.context.
 * time.time_zone: …`), `details` lists every one with its path in the body (`body.…`).
 */
function invalidPolicy(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string; code?: string; keys?: string[] }>,
): AppError {
  const details: ErrorDetail[] = issues.flatMap((issue) => {
    const path = issue.path.map(String);
    // An unknown field: name it in the path, as the dashboard shows errors at their fields.
    const keys = issue.code === 'unrecognized_keys' && issue.keys ? issue.keys : [null];
    return keys.map((key) => {
      const at = key === null ? path : [...path, key];
      return {
        path: ['body', ...at].join('.'),
        message:
          key === null ? issue.message : `Unknown field “${key}”: the policy format has no such condition.`,
      };
    });
  });
  const first = details[0] ?? { path: 'body', message: 'The policy is invalid.' };
  const where = first.path === 'body' ? '' : `${first.path.slice('body.'.length)}: `;
  return new AppError(PolicyErrors.INVALID_POLICY, { message: `${where}${first.message}`, details });
}

export function parsePolicy<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalidPolicy(result.error.issues as never);
  return result.data;
}

/** What the policy use cases share: who may act on which owner, finding a policy, audit and events. */
export function createPolicyKit(deps: PolicyServiceDependencies) {
  const { Policies } = deps.store;

  /**
   * The caller's role needs `permission` in the owner's organization (403 forbidden naming it);
   * another tenant's project or organization, an inactive one, or one an API token is not bound
   * to answers 404 as if it did not exist.
   */
  async function authorize(
    caller: PolicyCaller,
    ref: OwnerRef,
    permission: PermissionName,
  ): Promise<PolicyOwner> {
    if (ref.kind === 'project') {
      if (caller.onlyProjectId !== undefined && caller.onlyProjectId !== ref.id)
        throw new AppError(ProjectErrors.NOT_FOUND);
      const { project } = await deps.projects.authorize(caller.userId, ref.id, permission);
      return { organizationId: String(project.organization_id), projectId: String(project._id) };
    }
    if (caller.onlyOrganizationId !== undefined && caller.onlyOrganizationId !== ref.id)
      throw new AppError(OrganizationErrors.NOT_FOUND);
    const { organization } = await deps.organizations.authorize(caller.userId, ref.id, permission);
    return { organizationId: String(organization._id), projectId: null };
  }

  const ownerFilter = (owner: PolicyOwner) => ({
    organization_id: new Types.ObjectId(owner.organizationId),
    project_id: owner.projectId ? new Types.ObjectId(owner.projectId) : null,
  });

  async function find(owner: PolicyOwner, policyId: string): Promise<PolicyDocument> {
    if (!Types.ObjectId.isValid(policyId)) throw new AppError(PolicyErrors.NOT_FOUND);
    const policy = await Policies.findOne({
      _id: new Types.ObjectId(policyId),
      ...ownerFilter(owner),
    }).lean<PolicyDocument>();
    if (!policy) throw new AppError(PolicyErrors.NOT_FOUND);
    return policy;
  }

  async function uniquely<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isDuplicateKey(error)) throw new AppError(PolicyErrors.NAME_TAKEN);
      throw error;
    }
  }

  async function announce(
    caller: PolicyCaller,
    owner: PolicyOwner,
    context: RequestContext,
    event: {
      type: WebhookEventType;
      policy: PolicyDocument;
      status?: number;
      metadata?: Record<string, unknown>;
    },
  ): Promise<void> {
    const view = policyView(event.policy);
    await recordAudit(deps.activity, context, {
      action: event.type,
      resource_type: 'policy',
      resource_id: view.id,
      user_id: caller.userId,
      organization_id: owner.organizationId,
      project_id: owner.projectId,
      ...(event.status ? { status_code: event.status } : {}),
      metadata: {
        name: view.name,
        scope: view.scope,
        effect: view.effect,
        ...event.metadata,
        ...(caller.tokenId ? { via: 'api_token', token_id: caller.tokenId } : {}),
      },
    });
    deps.webhooks?.emit(
      event.type,
      { organizationId: owner.organizationId, projectId: owner.projectId },
      { policy: view },
    );
  }

  return { authorize, ownerFilter, find, uniquely, announce };
}
