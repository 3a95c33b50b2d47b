import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

/**
 * The application permissions and roles of a project (issue #33), for the end users of its pool.
 * Both are named (`[a-z0-9][a-z0-9:._-]{0,63}`), unique per project; a role holds permission
 * names, an end user holds role names (`roles` on the profile, the users module's field).
 */
export interface ProjectPermissionDocument {
  _id: Types.ObjectId;
  project_id: Types.ObjectId;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ProjectRoleDocument {
  _id: Types.ObjectId;
  project_id: Types.ObjectId;
  name: string;
  description: string | null;
  /** Names of the project's permissions (kept in step when one is renamed or deleted). */
  permissions: string[];
  created_at: Date;
  updated_at: Date;
}

/**
 * The project's default role, by name: one document per project, so choosing another default is
 * one single-document write (no moment with two defaults, and sign-ups read one document).
 */
export interface ProjectDefaultRoleDocument {
  _id: Types.ObjectId;
  role: string | null;
  updated_at: Date;
}

const timestamps = { createdAt: 'created_at', updatedAt: 'updated_at' } as const;

const permissionSchema = new Schema<ProjectPermissionDocument>(
  {
    project_id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: null, maxlength: 500 },
  },
  { collection: 'project_permissions', timestamps },
);
permissionSchema.index({ project_id: 1, name: 1 }, { unique: true });
permissionSchema.plugin(toJSONPlugin);

const roleSchema = new Schema<ProjectRoleDocument>(
  {
    project_id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: null, maxlength: 500 },
    permissions: { type: [String], default: [] },
  },
  { collection: 'project_roles', timestamps },
);
roleSchema.index({ project_id: 1, name: 1 }, { unique: true });
// Renaming or deleting a permission finds the roles holding it.
roleSchema.index({ project_id: 1, permissions: 1 });
roleSchema.plugin(toJSONPlugin);

const defaultRoleSchema = new Schema<ProjectDefaultRoleDocument>(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    role: { type: String, default: null },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'project_default_roles' },
);

export function appRoleModels(connection: Connection) {
  return {
    Permissions: modelOn(connection, 'ProjectPermission', permissionSchema),
    Roles: modelOn(connection, 'ProjectRole', roleSchema),
    Defaults: modelOn(connection, 'ProjectDefaultRole', defaultRoleSchema),
  };
}
