import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { invalidatesCaches } from '../../lib/cache-invalidation.js';
import {
  OIDC_AUTH_METHODS,
  OIDC_CLIENT_TYPES,
  OIDC_GRANT_TYPES,
  type OidcClientSettings,
} from '../../core/oidc-clients.js';

export const DEFAULT_VERSION = '1.0.0';

export interface ApplicationDocument {
  _id: Types.ObjectId;
  project_id: Types.ObjectId;
  /** Copied from the project so authorization needs no join. */
  organization_id: Types.ObjectId;
  name: string;
  slug: string;
  description: string | null;
  version: string;
  api_endpoint: string | null;
  /** Browser origins (scheme://host[:port]) the embedding API answers with CORS. */
  allowed_origins: string[];
  /** allowed_origins plus the api_endpoint's origin: what CORS checks, kept in step by the service. */
  cors_origins: string[];
  is_active: boolean;
  /**
   * The application as an OpenID Connect client and/or API (issue #32, core/oidc-clients.ts).
   * Documents written before it have none: read them through `oidcSettingsOf` (the defaults).
   */
  oidc?: StoredOidcSettings;
  created_by: Types.ObjectId;
  created_at: Date;
  updated_at: Date;
}

/** The stored `oidc` subdocument: the settings plus a revision every change of them increments. */
export interface StoredOidcSettings extends OidcClientSettings {
  /** Compare-and-set counter: a change (or secret rotation) is written over the revision it checked. */
  revision: number;
}

const oidcSecretSchema = new Schema(
  {
    hash: { type: String, required: true },
    created_at: { type: Date, required: true },
    expires_at: { type: Date, default: null },
  },
  { _id: false },
);

const oidcSchema = new Schema<StoredOidcSettings>(
  {
    client_type: { type: String, enum: [...OIDC_CLIENT_TYPES, null], default: null },
    redirect_uris: { type: [String], default: [] },
    post_logout_redirect_uris: { type: [String], default: [] },
    grant_types: { type: [String], enum: OIDC_GRANT_TYPES, default: [] },
    first_party: { type: Boolean, default: true },
    token_endpoint_auth_method: { type: String, enum: OIDC_AUTH_METHODS, default: 'none' },
    jwks_uri: { type: String, default: null },
    backchannel_logout_uri: { type: String, default: null },
    access_token_ttl_s: { type: Number, default: null },
    refresh_token_ttl_s: { type: Number, default: null },
    api_identifier: { type: String, default: null },
    api_scopes: { type: [String], default: [] },
    // Only SHA-256 hashes; never answered (the views list what they answer field by field).
    secrets: { type: [oidcSecretSchema], default: [], private: true },
    revision: { type: Number, default: 0, private: true },
  },
  { _id: false },
);

const applicationSchema = new Schema<ApplicationDocument>(
  {
    project_id: { type: Schema.Types.ObjectId, required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true, trim: true, maxlength: 100 },
    slug: { type: String, required: true, maxlength: 64 },
    description: { type: String, default: null, maxlength: 1000 },
    version: { type: String, default: DEFAULT_VERSION, maxlength: 50 },
    api_endpoint: { type: String, default: null, maxlength: 500 },
    allowed_origins: { type: [String], default: [] },
    cors_origins: { type: [String], default: [], private: true },
    is_active: { type: Boolean, default: true },
    oidc: { type: oidcSchema, default: () => ({}) },
    created_by: { type: Schema.Types.ObjectId, required: true },
  },
  { collection: 'applications', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
// Unique among active applications only: a deleted (inactive) application gives its slug back.
applicationSchema.index(
  { project_id: 1, slug: 1 },
  { unique: true, partialFilterExpression: { is_active: true } },
);
applicationSchema.index({ project_id: 1, is_active: 1, created_at: -1 });
applicationSchema.index({ organization_id: 1, is_active: 1, created_at: -1 });
applicationSchema.index({ cors_origins: 1, is_active: 1 });
// An API identifier names one API of a project (the `aud` of its access tokens): unique among the
// project's active applications…
applicationSchema.index(
  { project_id: 1, 'oidc.api_identifier': 1 },
  {
    unique: true,
    partialFilterExpression: { is_active: true, 'oidc.api_identifier': { $type: 'string' } },
  },
);
// …and found by oidcResourceServer with this one (the embedded engine plans with no partial index).
applicationSchema.index({ project_id: 1, 'oidc.api_identifier': 1, is_active: 1 });
applicationSchema.plugin(toJSONPlugin);
applicationSchema.plugin(invalidatesCaches, { topic: 'application', keyField: '_id', publishInserts: false });

export function applicationModel(connection: Connection) {
  return modelOn(connection, 'Application', applicationSchema);
}
