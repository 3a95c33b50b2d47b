import type { UserDocument } from '../../core/account.js';
import { skillsOf } from '../../core/skills.js';
import type { LinkedToAccount } from '../telemetry/index.js';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** A user of a pool as the user management answers it (never the hash or the Google id). */
export function poolUserView(user: UserDocument, secondFactor: boolean) {
  return {
    id: String(user._id),
    email: user.email,
    display_name: user.display_name,
    is_verified: user.is_verified,
    blocked: Boolean(user.blocked_at),
    blocked_at: iso(user.blocked_at),
    has_password: Boolean(user.password_hash),
    signs_in_with_google: Boolean(user.google_id),
    second_factor: secondFactor,
    registered_application_id: user.registered_application_id ? String(user.registered_application_id) : null,
    created_at: user.created_at.toISOString(),
    last_login_at: iso(user.last_login_at),
    roles: [...(user.roles ?? [])].sort(),
    skills: skillsOf(user),
  };
}
export type PoolUserView = ReturnType<typeof poolUserView>;

export interface PoolUserDetail extends PoolUserView, LinkedToAccount {
  sessions: Array<{
    id: string;
    method: string;
    application_id: string | null;
    ip_address: string | null;
    user_agent: string | null;
    created_at: string;
    last_used_at: string;
    expires_at: string;
  }>;
  second_factors: Array<{ id: string; type: 'totp' | 'passkey'; name: string; added_at: string }>;
  recent_activity: Array<{
    id: string;
    action: string;
    application_id: string | null;
    status_code: number | null;
    ip_address: string | null;
    user_agent: string | null;
    created_at: string;
  }>;
}
