import type { Types } from 'mongoose';
import type { Skill } from './skills.js';

/**
 * SPEC §3 `profiles`: a person's account, with its authentication fields in the same document.
 * The users module owns the collection; this shape is here because every module that acts for a
 * signed-in person receives it (`AuthContext.user`). Fields marked `private` in the users schema
 * never leave the server.
 */
export interface UserDocument {
  _id: Types.ObjectId;
  email: string;
  display_name: string;
  password_hash: string | null;
  is_verified: boolean;
  created_at: Date;
  last_login_at: Date | null;
  /** The embedding application the person registered through, if any. */
  registered_application_id: Types.ObjectId | null;
  google_id: string | null;
  /**
   * The pool the account belongs to (core/pools.ts): 'platform' for the dashboard's accounts, else
   * the project id. Same address in two pools = two accounts.
   */
  pool_id: string;
  /** Set while the pool's owner has blocked the account: no sign-in, no session. */
  blocked_at: Date | null;
  /** An end user's skills, set by the project's admins (core/skills.ts); absent on older documents. */
  skills?: Skill[];
  /**
   * An end user's application roles: names of roles their project defines (app-roles module; the
   * default role is given at sign-up). Missing on profiles stored before roles existed: none.
   */
  roles?: string[];
}
