import type { Options } from 'express-rate-limit';
import type { Connection, Types } from 'mongoose';
import type { UserDocument } from '../../core/account.js';
import { PLATFORM_POOL, poolOfProject } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { MongoRateLimitStore } from '../../lib/rate-limit/index.js';
import type { ApplicationDocument } from '../applications/index.js';
import { EmailTemplateErrors } from './email-templates.errors.js';
import type { TemplateStore } from './email-templates.store.js';

/** What the send API needs to know about people, from the modules that own them (services.ts binds them). */
export interface SendAudience {
  findUserById(userId: string): Promise<UserDocument | null>;
  /** The account with this address in that pool (an address is one account per pool). */
  findUserByEmail(email: string, pool: string): Promise<UserDocument | null>;
  /** The organizations the person is an active member of. */
  organizationIdsOf(userId: string): Promise<Types.ObjectId[]>;
  /** Whether the person signed in through the application and was linked by its SDK (identify). */
  identifiedIn(applicationId: string, userId: string): Promise<boolean>;
}

/**
 * Who the send API may mail, and whom a `userId` may name (issue #37 items 6 and 11): the
 * application's own people — registered through it, or signed in through it and identified by its
 * SDK — and the members of its organization. Anyone once the organization has a verified sender;
 * a daily quota per organization on top of the hourly limit per application.
 */
export function createRecipientPolicy(deps: {
  connection: Connection;
  store: Pick<TemplateStore, 'organizationHasVerifiedSender'>;
  audience: SendAudience;
  dailyLimitPerOrganization: number;
}) {
  const { audience, store } = deps;
  const quota = new MongoRateLimitStore(deps.connection, { prefix: 'email-send-organization:' });
  quota.init({ windowMs: 86_400_000 } as Options);

  async function belongsTo(application: ApplicationDocument, user: UserDocument): Promise<boolean> {
    if (user.registered_application_id?.equals(application._id)) return true;
    const organizations = await audience.organizationIdsOf(String(user._id));
    if (organizations.some((id) => id.equals(application.organization_id))) return true;
    return audience.identifiedIn(String(application._id), String(user._id));
  }

  return {
    /** 404 application_user_not_found unless the account belongs to the application. */
    async assertUser(application: ApplicationDocument, userId: string | undefined): Promise<void> {
      if (userId === undefined) return;
      const user = await audience.findUserById(userId);
      if (!user || !(await belongsTo(application, user)))
        throw new AppError(EmailTemplateErrors.APPLICATION_USER_NOT_FOUND);
    },

    /**
     * 403 recipient_not_allowed unless the organization has a verified sender, or the address is
     * a confirmed account (its confirmation link was followed) that belongs to the application.
     * An unconfirmed account proves nothing: anyone can register someone else's address.
     */
    async assertRecipient(application: ApplicationDocument, to: string): Promise<void> {
      if (await store.organizationHasVerifiedSender(application.organization_id)) return;
      // The address may be an end user of the application's pool or a member's team account.
      for (const pool of [poolOfProject(application.project_id), PLATFORM_POOL]) {
        const user = await audience.findUserByEmail(to, pool);
        if (user?.is_verified && (await belongsTo(application, user))) return;
      }
      throw new AppError(EmailTemplateErrors.RECIPIENT_NOT_ALLOWED);
    },

    /** Counts one mail of the organization, or 429 email_quota_exceeded with Retry-After. */
    async countMail(application: ApplicationDocument): Promise<void> {
      const { totalHits, resetTime } = await quota.increment(String(application.organization_id));
      if (totalHits <= deps.dailyLimitPerOrganization) return;
      const waitS = resetTime ? Math.ceil((resetTime.getTime() - Date.now()) / 1000) : 86_400;
      throw new AppError(EmailTemplateErrors.ORGANIZATION_QUOTA_EXCEEDED, {
        message: `This organization has sent its ${deps.dailyLimitPerOrganization} e-mails for today (EMAIL_SEND_DAILY_LIMIT_PER_ORGANIZATION). Please try again later.`,
        headers: { 'Retry-After': String(Math.max(1, waitS)) },
      });
    },
  };
}
