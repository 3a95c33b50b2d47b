import { Types } from 'mongoose';
import type { ZodType } from 'zod';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import type { PermissionName } from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';
import type { WebhookEmitter, WebhookEventType } from '../../core/webhooks.js';
import { AppError, type ErrorDetail } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { OrganizationErrors, type OrganizationsService } from '../organizations/index.js';
import { ProjectErrors, type ProjectsService } from '../projects/index.js';
import type { PolicyConditions } from './policies.conditions.js';
import { PolicyErrors } from './policies.errors.js';
import type { PolicyDocument } from './policies.model.js';
import {
  CreatePolicySchema,
  UpdatePolicySchema,
  type CreatePolicyInput,
  type UpdatePolicyInput,
} from './policies.schemas.js';
import type { PolicyOwner, PolicyStore } from './policies.store.js';

/** At most this many policies per project and per organization. */
export const MAX_POLICIES = 2_000;

/**
 * Who manages policies: a signed-in member of the organization, or an API token — bound to one
 * application, so to its project (`onlyProjectId`, null when that application is gone) and its
 * organization (`onlyOrganizationId`). `tokenId` names the token in the audit trail.
 */
export interface PolicyCaller {
  userId: string;
  onlyProjectId?: string | null;
  onlyOrganizationId?: string | null;
  tokenId?: string | null;
}

/** Whose policies a route acts on: `/projects/{id}/policies` or `/organizations/{id}/policies`. */
export interface OwnerRef {
  kind: 'project' | 'organization';
  id: string;
}

export interface PolicyView {
  id: string;
  scope: 'project' | 'organization';
  organization_id: string;
  project_id: string | null;
  name: string;
  description: string | null;
  effect: 'allow' | 'deny';
  actions: string[];
  conditions: PolicyConditions;
  enabled: boolean;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface PolicyServiceDependencies {
  store: PolicyStore;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
  projects: Pick<ProjectsService, 'authorize'>;
  organizations: Pick<OrganizationsService, 'authorize'>;
}

export function policyView(policy: PolicyDocument): PolicyView {
  return {
    id: String(policy._id),
    scope: policy.scope,
    organization_id: String(policy.organization_id),
    project_id: policy.project_id ? String(policy.project_id) : null,
    name: policy.name,
    description: policy.description,
    effect: policy.effect,
    actions: policy.actions,
    conditions: policy.conditions,
    enabled: policy.enabled,
    created_by: String(policy.created_by),
    created_at: policy.created_at.toISOString(),
    updated_at: policy.updated_at.toISOString(),
  };
}

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

function parsePolicy<T>(schema: ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw invalidPolicy(result.error.issues as never);
  return result.data;
}

const READ: PermissionName = 'policy:read';
const MANAGE: PermissionName = 'policy:manage';

/** Policies of projects and organizations: list, create, change, delete (audited, announced). */
export function createPolicyService(deps: PolicyServiceDependencies) {
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

  return {
    async list(caller: PolicyCaller, ref: OwnerRef): Promise<{ data: PolicyView[]; next_cursor: null }> {
      const owner = await authorize(caller, ref, READ);
      const policies = await Policies.find(ownerFilter(owner))
        .collation({ locale: 'en', strength: 2 })
        .sort({ name: 1 })
        .lean<PolicyDocument[]>();
      return { data: policies.map(policyView), next_cursor: null };
    },

    async get(caller: PolicyCaller, ref: OwnerRef, policyId: string): Promise<PolicyView> {
      const owner = await authorize(caller, ref, READ);
      return policyView(await find(owner, policyId));
    },

    async create(
      caller: PolicyCaller,
      ref: OwnerRef,
      body: unknown,
      context: RequestContext,
    ): Promise<PolicyView> {
      const owner = await authorize(caller, ref, MANAGE);
      const input: CreatePolicyInput = parsePolicy(CreatePolicySchema, body);
      if ((await Policies.countDocuments(ownerFilter(owner))) >= MAX_POLICIES)
        throw new AppError(PolicyErrors.LIMIT_REACHED);
      const policy = await uniquely(async () => {
        await Policies.init();
        const [created] = await Policies.create([
          {
            ...ownerFilter(owner),
            scope: owner.projectId ? 'project' : 'organization',
            name: input.name,
            name_key: input.name.toLowerCase(),
            description: input.description ?? null,
            effect: input.effect,
            actions: input.actions,
            conditions: input.conditions,
            enabled: input.enabled,
            created_by: new Types.ObjectId(caller.userId),
          },
        ]);
        return created!.toObject() as PolicyDocument;
      });
      await deps.store.changed(owner);
      await announce(caller, owner, context, { type: 'policy.created', policy, status: 201 });
      return policyView(policy);
    },

    async update(
      caller: PolicyCaller,
      ref: OwnerRef,
      policyId: string,
      body: unknown,
      context: RequestContext,
    ): Promise<PolicyView> {
      const owner = await authorize(caller, ref, MANAGE);
      const changes: UpdatePolicyInput = parsePolicy(UpdatePolicySchema, body);
      const existing = await find(owner, policyId);
      const set: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(changes)) if (value !== undefined) set[field] = value;
      if (changes.name !== undefined) set.name_key = changes.name.toLowerCase();
      const policy = await uniquely(() =>
        Policies.findOneAndUpdate(
          { _id: existing._id, ...ownerFilter(owner) },
          { $set: set },
          { returnDocument: 'after' },
        ).lean<PolicyDocument>(),
      );
      if (!policy) throw new AppError(PolicyErrors.NOT_FOUND);
      await deps.store.changed(owner);
      await announce(caller, owner, context, {
        type: 'policy.updated',
        policy,
        metadata: {
          fields: Object.keys(changes).filter(
            (field) => changes[field as keyof UpdatePolicyInput] !== undefined,
          ),
        },
      });
      return policyView(policy);
    },

    async remove(
      caller: PolicyCaller,
      ref: OwnerRef,
      policyId: string,
      context: RequestContext,
    ): Promise<void> {
      const owner = await authorize(caller, ref, MANAGE);
      const existing = await find(owner, policyId);
      const deleted = await Policies.findOneAndDelete({
        _id: existing._id,
        ...ownerFilter(owner),
      }).lean<PolicyDocument>();
      if (!deleted) throw new AppError(PolicyErrors.NOT_FOUND);
      await deps.store.changed(owner);
      await announce(caller, owner, context, { type: 'policy.deleted', policy: deleted });
    },
  };
}

export type PolicyService = ReturnType<typeof createPolicyService>;
