import mongoose, { Types, type Connection } from 'mongoose';
import { paginateNewestFirst, type Page } from '../../lib/pagination.js';
import { userModel } from './users.model.js';
import { cachedUserById } from './users.cache.js';
import { type UserDocument } from '../../core/account.js';
import { PLATFORM_POOL } from '../../core/pools.js';
import type { PublicUser } from './users.schemas.js';

export function toPublicUser(
  user: Pick<UserDocument, '_id' | 'email' | 'display_name' | 'is_verified' | 'created_at' | 'last_login_at'>,
): PublicUser {
  return {
    id: String(user._id),
    email: user.email,
    display_name: user.display_name,
    is_verified: user.is_verified,
    created_at: user.created_at.toISOString(),
    last_login_at: user.last_login_at ? user.last_login_at.toISOString() : null,
  };
}

/** Trims and lower-cases an e-mail address, the one form in which addresses are stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The part of an e-mail before @, the default display name (SPEC §3). */
export function defaultDisplayName(email: string): string {
  return email.split('@')[0] || email;
}

/** How a person is named to others (members lists, invitation mails). */
export type UserContact = Pick<UserDocument, '_id' | 'email' | 'display_name'>;

export interface UsersService {
  findById(id: string): Promise<UserDocument | null>;
  /** The account with this address in one pool (default: the platform's team accounts). */
  findByEmail(email: string, pool?: string): Promise<UserDocument | null>;
  /** Name and address of each of these profiles that exists (in no particular order). */
  contactsOf(ids: Array<Types.ObjectId | string>): Promise<UserContact[]>;
  /** Every profile, newest first (admin page). */
  listAll(page: { limit?: number; cursor?: string }): Promise<Page<PublicUser>>;
}

export function createUsersService(deps: { connection: Connection }): UsersService {
  const Users = userModel(deps.connection);
  return {
    findById: cachedUserById(deps.connection),
    async findByEmail(email, pool = PLATFORM_POOL) {
      return Users.findOne({ pool_id: pool, email: normalizeEmail(email) }).lean<UserDocument>();
    },
    async contactsOf(ids) {
      const valid = ids.filter((id) => typeof id !== 'string' || Types.ObjectId.isValid(id));
      if (valid.length === 0) return [];
      return Users.find(
        { _id: mongoose.trusted({ $in: valid.map((id) => new Types.ObjectId(String(id))) }) },
        { email: 1, display_name: 1 },
      ).lean<UserContact[]>();
    },
    async listAll(page) {
      const result = await paginateNewestFirst(Users, {}, page);
      return { data: result.data.map(toPublicUser), next_cursor: result.next_cursor };
    },
  };
}
