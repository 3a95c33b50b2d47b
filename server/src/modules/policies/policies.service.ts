import { Types } from 'mongoose';
import type { PermissionName } from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';
import { AppError } from '../../lib/errors.js';
import { PolicyErrors } from './policies.errors.js';
import type { PolicyDocument } from './policies.model.js';
import { createPolicyKit, parsePolicy } from './policies.kit.js';
import {
  CreatePolicySchema,
  UpdatePolicySchema,
  type CreatePolicyInput,
  type UpdatePolicyInput,
} from './policies.schemas.js';
import type { OwnerRef, PolicyCaller, PolicyServiceDependencies } from './policies.types.js';
import { policyView, type PolicyView } from './policies.views.js';

/** At most this many policies per project and per organization. */
export const MAX_POLICIES = 2_000;

export type { PolicyView } from './policies.views.js';
export type { OwnerRef, PolicyCaller, PolicyServiceDependencies } from './policies.types.js';
export { policyView } from './policies.views.js';

const READ: PermissionName = 'policy:read';
const MANAGE: PermissionName = 'policy:manage';

/** Policies of projects and organizations: list, create, change, delete (audited, announced). */
export function createPolicyService(deps: PolicyServiceDependencies) {
  const { Policies } = deps.store;

  const { authorize, ownerFilter, find, uniquely, announce } = createPolicyKit(deps);

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
