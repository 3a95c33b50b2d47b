import { Schema, type Types, type Connection } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { invalidatesCaches } from '../../lib/cache-invalidation.js';
import type { PermissionName } from '../../core/permissions.js';
import { SKILLS_FIELD, type Skill } from '../../core/skills.js';

export interface OrganizationDocument {
  _id: Types.ObjectId;
  name: string;
  slug: string;
  description: string | null;
  website_url: string | null;
  is_active: boolean;
  max_members: number;
  /**
   * Seats taken: active members plus pending invitations (a pending invitation holds its seat, so
   * accepting later can never exceed `max_members`). Kept by conditional `$inc` so concurrent
   * invitations cannot exceed `max_members`. Absent on organizations created before it existed:
   * backfilled by counting before the first membership change (organizations.seats.ts).
   */
  active_member_count?: number;
  /** Policy: active members without a second factor are asked to enrol (docs/two-factor.md). */
  require_two_factor: boolean;
  created_by: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

/** Default member limit; SPEC §3 names the field without a value (docs/tenancy.md). */
export const DEFAULT_MAX_MEMBERS = 50;

const organizationSchema = new Schema<OrganizationDocument>(
  {
    name: { type: String, required: true, trim: true, maxlength: 100 },
    slug: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: null, maxlength: 1000 },
    website_url: { type: String, default: null, maxlength: 500 },
    is_active: { type: Boolean, default: true },
    max_members: { type: Number, default: DEFAULT_MAX_MEMBERS, min: 1 },
    active_member_count: { type: Number, min: 0 },
    require_two_factor: { type: Boolean, default: false },
    created_by: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'organizations', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
organizationSchema.index({ slug: 1 }, { unique: true });
organizationSchema.index({ created_at: 1 });
organizationSchema.plugin(toJSONPlugin);
organizationSchema.plugin(invalidatesCaches, { topic: 'organization', keyField: '_id' });

export interface MemberDocument {
  _id: Types.ObjectId;
  organization_id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** A built-in role (`admin`, `member`) or the name of one of the organization's custom roles. */
  role: string;
  /** False while an invitation is pending (`pending`) and after the membership ended. */
  is_active: boolean;
  /**
   * An invitation the person has not answered yet: no access to the organization until they
   * accept (issue #37 item 5). Absent on rows stored before invitations needed consent.
   */
  pending?: boolean;
  invited_by: Types.ObjectId | null;
  /** When the latest invitation was sent (null on rows stored before it was recorded). */
  invited_at?: Date | null;
  /** When the person became an active member (for a pending invitation: when it was sent). */
  joined_at: Date;
  /** The member's skills (issue #33; organizations.skills.ts); absent on rows stored before. */
  skills?: Skill[];
  created_at: Date;
}

const memberSchema = new Schema<MemberDocument>(
  {
    organization_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    role: { type: String, required: true, default: 'member', maxlength: 50 },
    is_active: { type: Boolean, default: true },
    pending: { type: Boolean, default: false },
    invited_by: { type: Schema.Types.ObjectId, default: null },
    invited_at: { type: Date, default: null },
    joined_at: { type: Date, required: true },
    skills: SKILLS_FIELD,
  },
  { collection: 'organization_members', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
memberSchema.index({ organization_id: 1, user_id: 1 }, { unique: true });
memberSchema.index({ user_id: 1, is_active: 1 });
memberSchema.index({ user_id: 1, pending: 1 });
memberSchema.index({ organization_id: 1, role: 1 });
memberSchema.plugin(toJSONPlugin);
// A user's memberships are cached by user id; a write by member id publishes `membership:*`.
memberSchema.plugin(invalidatesCaches, { topic: 'membership', keyField: 'user_id' });

/**
 * Writes to memberships and organizations seen by this process: a request's memo of the
 * caller's membership (organizations.directory.ts, read once per request) is keyed by it, so a
 * request that changes a membership — a GraphQL document of several mutations, say — reads it
 * afresh after its own write.
 */
let membershipWrites = 0;
export const membershipWritesSeen = () => membershipWrites;
const counted = () => {
  membershipWrites++;
};
const QUERY_WRITES = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'deleteOne',
  'deleteMany',
] as const;
for (const schema of [organizationSchema, memberSchema] as Schema[]) {
  // Before (a read in flight during the write) and after (a read started during it).
  schema.pre([...QUERY_WRITES], { document: true, query: true }, counted);
  schema.post([...QUERY_WRITES], { document: true, query: true }, counted);
  schema.pre('save', counted);
  schema.post('save', counted);
  schema.pre('insertMany', counted);
  schema.post('insertMany', counted);
  schema.pre('bulkWrite', counted);
  schema.post('bulkWrite', counted);
}

/**
 * A custom role of an organization (issue #33): a named set of catalog permissions that members
 * hold by name (`role` on the member). Names are unique per organization case-insensitively
 * (`name_key`, the lower-cased name) and never a built-in role's name.
 */
export interface OrganizationRoleDocument {
  _id: Types.ObjectId;
  organization_id: Types.ObjectId;
  name: string;
  name_key: string;
  description: string | null;
  permissions: PermissionName[];
  created_at: Date;
  updated_at: Date;
}

const organizationRoleSchema = new Schema<OrganizationRoleDocument>(
  {
    organization_id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true, maxlength: 50 },
    name_key: { type: String, required: true, maxlength: 50, private: true },
    description: { type: String, default: null, maxlength: 500 },
    permissions: { type: [String], default: [] },
  },
  { collection: 'organization_roles', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
organizationRoleSchema.index({ organization_id: 1, name_key: 1 }, { unique: true });
organizationRoleSchema.plugin(toJSONPlugin);

/**
 * The one-click "leave" link of an invitation mail: only the SHA-256 of the token is stored, it
 * expires (TTL-deleted) and works once. It names the membership it ends and who created it.
 */
export interface LeaveTokenDocument {
  _id: Types.ObjectId;
  token_hash: string;
  member_id: Types.ObjectId;
  organization_id: Types.ObjectId;
  user_id: Types.ObjectId;
  invited_by: Types.ObjectId;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

const leaveTokenSchema = new Schema<LeaveTokenDocument>(
  {
    token_hash: { type: String, required: true, private: true },
    member_id: { type: Schema.Types.ObjectId, required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    invited_by: { type: Schema.Types.ObjectId, required: true },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
  },
  { collection: 'invitation_leave_tokens', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
leaveTokenSchema.index({ token_hash: 1 }, { unique: true });
leaveTokenSchema.index({ member_id: 1 });
leaveTokenSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export function organizationModels(connection: Connection) {
  return {
    Organizations: modelOn(connection, 'Organization', organizationSchema),
    Members: modelOn(connection, 'OrganizationMember', memberSchema),
    Roles: modelOn(connection, 'OrganizationRole', organizationRoleSchema),
    LeaveTokens: modelOn(connection, 'InvitationLeaveToken', leaveTokenSchema),
  };
}
