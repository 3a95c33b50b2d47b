import { Schema, type Connection } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import {
  SECOND_FACTOR_MODES,
  SIGN_IN_METHODS,
  SIGNUP_MODES,
  type SecondFactorMode,
  type SignInMethod,
  type SignupMode,
} from '../../core/pools.js';

export const POOL_LOCALES = ['de', 'en'] as const;
export type PoolLocale = (typeof POOL_LOCALES)[number];

/**
 * What a project's owner changed of its pool's settings. A field that is absent takes its default
 * (pools.service.ts, `defaultsOf`), so a project without a document has the defaults, and a
 * default that changes (the configured lifetimes) reaches every pool that never set it.
 */
export interface PoolDocument {
  /** The project id (24 hex), as the pool is addressed. */
  _id: string;
  signup?: SignupMode;
  methods?: SignInMethod[];
  password_min_length?: number;
  second_factor?: SecondFactorMode;
  session_lifetime_seconds?: number;
  refresh_lifetime_seconds?: number;
  /** The pool's own Google OAuth client; absent = none. The secret never leaves the server. */
  google?: { client_id: string; client_secret: string };
  branding?: {
    /** null/absent = the project's name (it follows a rename). */
    display_name?: string | null;
    logo_url?: string | null;
    primary_color?: string;
    locale?: PoolLocale;
    support_email?: string | null;
  };
  redirect_urls?: string[];
  /** Incremented by every change: a change is written only over the revision it was checked against. */
  revision: number;
  created_at: Date;
  updated_at: Date;
}

const googleSchema = new Schema(
  {
    client_id: { type: String, required: true },
    client_secret: { type: String, required: true, private: true },
  },
  { _id: false },
);

const brandingSchema = new Schema(
  {
    display_name: { type: String },
    logo_url: { type: String },
    primary_color: { type: String },
    locale: { type: String, enum: POOL_LOCALES },
    support_email: { type: String },
  },
  { _id: false },
);

const poolSchema = new Schema<PoolDocument>(
  {
    _id: { type: String, required: true },
    signup: { type: String, enum: SIGNUP_MODES },
    methods: { type: [{ type: String, enum: SIGN_IN_METHODS }], default: undefined },
    password_min_length: { type: Number },
    second_factor: { type: String, enum: SECOND_FACTOR_MODES },
    session_lifetime_seconds: { type: Number },
    refresh_lifetime_seconds: { type: Number },
    google: { type: googleSchema, default: undefined },
    branding: { type: brandingSchema, default: undefined },
    redirect_urls: { type: [String], default: undefined },
    revision: { type: Number, required: true, default: 1 },
  },
  {
    collection: 'user_pools',
    timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' },
    versionKey: false,
  },
);
poolSchema.plugin(toJSONPlugin);

export function poolModel(connection: Connection) {
  return modelOn(connection, 'UserPool', poolSchema);
}
