import type { Options } from 'express-rate-limit';
import type { Connection } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { MongoRateLimitStore } from '../../lib/rate-limit/index.js';
import { OrganizationErrors } from './organizations.errors.js';

/**
 * An invitation answers whether an address has an account (SPEC §5/§8 keep that message), so
 * invitations are limited per inviter and per organization. Constants rather than settings:
 * they bound a leak, they are not a tuning knob (docs/tenancy.md).
 */
export const INVITATION_LIMITS = {
  /** Invitations one person may send, across all organizations, per window. */
  perInviter: { windowS: 3600, limit: 30 },
  /** Invitations into one organization, by all its admins together, per window. */
  perOrganization: { windowS: 3600, limit: 60 },
} as const;

export interface InvitationLimits {
  /**
   * Counts one invitation, or throws 429 `rate_limited` with `Retry-After` when the inviter or
   * the organization has used up its window. Call it only for callers allowed to invite, so an
   * outsider cannot spend an organization's budget.
   */
  count(inviterId: string, organizationId: string): Promise<void>;
}

/**
 * The counters of `createRateLimiter` (same store, same `rate_limits` collection, shared by every
 * server process), counted inside the service because only an authorized invitation may count.
 */
export function createInvitationLimits(connection: Connection): InvitationLimits {
  const limiter = (name: string, { windowS, limit }: { windowS: number; limit: number }) => {
    const store = new MongoRateLimitStore(connection, { prefix: `${name}:` });
    store.init({ windowMs: windowS * 1000 } as Options);
    return async (key: string) => {
      const { totalHits, resetTime } = await store.increment(key);
      if (totalHits <= limit) return;
      const waitS = resetTime ? Math.ceil((resetTime.getTime() - Date.now()) / 1000) : windowS;
      throw new AppError(OrganizationErrors.INVITATION_RATE_LIMITED, {
        headers: { 'Retry-After': String(Math.max(1, waitS)) },
      });
    };
  };
  const perInviter = limiter('invite-inviter', INVITATION_LIMITS.perInviter);
  const perOrganization = limiter('invite-organization', INVITATION_LIMITS.perOrganization);
  return {
    async count(inviterId, organizationId) {
      await perInviter(inviterId);
      await perOrganization(organizationId);
    },
  };
}
