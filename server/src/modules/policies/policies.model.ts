import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import type { PolicyConditions } from './policies.conditions.js';
import type { PolicyEffect, PolicyScope } from './policies.engine.js';

/**
 * A policy (issue #33): an allow or deny rule for some actions, with conditions on the subject,
 * the resource and the context (policies.conditions.ts), owned by a project or by an
 * organization (then it applies to every project of the organization). Names are unique per
 * owner, compared case-insensitively (`name_key`).
 */
export interface PolicyDocument {
  _id: Types.ObjectId;
  scope: PolicyScope;
  organization_id: Types.ObjectId;
  /** The owning project; null for an organization's policy. */
  project_id: Types.ObjectId | null;
  name: string;
  name_key: string;
  description: string | null;
  effect: PolicyEffect;
  actions: string[];
  conditions: PolicyConditions;
  enabled: boolean;
  created_by: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

const policySchema = new Schema<PolicyDocument>(
  {
    scope: { type: String, enum: ['project', 'organization'], required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    project_id: { type: Schema.Types.ObjectId, default: null },
    name: { type: String, required: true, maxlength: 100 },
    name_key: { type: String, required: true, maxlength: 100 },
    description: { type: String, default: null, maxlength: 500 },
    effect: { type: String, enum: ['allow', 'deny'], required: true },
    actions: { type: [String], required: true },
    // Validated by PolicyConditionsSchema before it is stored; kept as given (minimize: false).
    conditions: { type: Schema.Types.Mixed, default: {} },
    enabled: { type: Boolean, default: true },
    created_by: { type: Schema.Types.ObjectId, required: true },
  },
  {
    collection: 'policies',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    minimize: false,
  },
);
// One owner's policies are read together (a project's, or an organization's with project_id null).
policySchema.index({ organization_id: 1, project_id: 1, name_key: 1 }, { unique: true });
policySchema.plugin(toJSONPlugin);

export function policyModel(connection: Connection) {
  return modelOn(connection, 'Policy', policySchema);
}
