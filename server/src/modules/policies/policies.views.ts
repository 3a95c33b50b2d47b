import type { PolicyConditions } from './policies.conditions.js';
import type { PolicyDocument } from './policies.model.js';

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
