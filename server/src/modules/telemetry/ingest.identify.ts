import { Types } from 'mongoose';
import type { Logger } from 'pino';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import type { AnonymousUser } from './ingest.model.js';
import type { LinkOutcome } from './ingest.schemas.js';
import { MAX_UPSERT_ATTEMPTS, type IngestStore } from './ingest.store.js';
import { ANONYMOUS_DISPLAY_NAME, type Touches } from './ingest.touch.js';
import type { IdentifyResult, IdentityInput, IngestApplication, TrackingService } from './ingest.types.js';

/** POST /identify and embedding sign-ins: the anonymous user and the installation get the account. */
export function createIdentify(
  store: IngestStore,
  { touchInstallation }: Touches,
  logger: Logger,
): Pick<TrackingService, 'identify' | 'linkQuietly' | 'identifiedIn'> {
  async function linkAnonymousUser(
    application: IngestApplication,
    userId: Types.ObjectId,
    anonymousId: string,
    installationId: string | null,
    now: Date,
  ): Promise<LinkOutcome> {
    await store.ensureIndexes();
    const key = { application_id: application._id, anonymous_id: anonymousId };
    for (let attempt = 1; ; attempt++) {
      // First link wins: only an unlinked anonymous user takes the account.
      const linked = await store.AnonymousUsers.updateOne(
        { ...key, user_id: null },
        { $set: { user_id: userId, linked_at: now, last_activity_at: now } },
      );
      if (linked.matchedCount > 0) return 'linked';
      const existing = await store.AnonymousUsers.findOne(key, { user_id: 1 }).lean<
        Pick<AnonymousUser, 'user_id'>
      >();
      if (existing) return existing.user_id?.equals(userId) ? 'already_linked' : 'linked_to_other_user';
      try {
        await store.AnonymousUsers.create({
          application_id: application._id,
          project_id: application.project_id,
          organization_id: application.organization_id,
          anonymous_id: anonymousId,
          display_name: ANONYMOUS_DISPLAY_NAME,
          installation_id: installationId,
          user_id: userId,
          linked_at: now,
          first_seen_at: now,
          last_activity_at: now,
        });
        return 'linked';
      } catch (error) {
        if (!isDuplicateKey(error) || attempt >= MAX_UPSERT_ATTEMPTS) throw error;
      }
    }
  }

  async function linkInstallation(
    application: IngestApplication,
    userId: Types.ObjectId,
    installationId: string,
    now: Date,
  ): Promise<LinkOutcome> {
    const key = { application_id: application._id, installation_id: installationId };
    const already = await store.Installations.updateOne(
      { ...key, user_id: userId },
      { $set: { is_anonymous: false } },
    );
    if (already.matchedCount > 0) return 'already_linked';
    // A device names the account that signed in on it last.
    await touchInstallation(
      application,
      installationId,
      { set: { user_id: userId, linked_at: now, is_anonymous: false } },
      now,
    );
    return 'linked';
  }

  async function identify(
    application: IngestApplication,
    userId: string,
    input: IdentityInput,
  ): Promise<IdentifyResult> {
    const now = new Date();
    const user = new Types.ObjectId(userId);
    const anonymousStatus = input.anonymous_id
      ? await linkAnonymousUser(application, user, input.anonymous_id, input.installation_id ?? null, now)
      : null;
    const installationStatus = input.installation_id
      ? await linkInstallation(application, user, input.installation_id, now)
      : null;
    return {
      success: true,
      user_id: userId,
      anonymous_user:
        input.anonymous_id && anonymousStatus
          ? { anonymous_id: input.anonymous_id, status: anonymousStatus }
          : null,
      installation:
        input.installation_id && installationStatus
          ? { installation_id: input.installation_id, status: installationStatus }
          : null,
    };
  }

  return {
    identify,

    async identifiedIn(applicationId, userId) {
      if (!Types.ObjectId.isValid(applicationId) || !Types.ObjectId.isValid(userId)) return false;
      const key = { user_id: new Types.ObjectId(userId), application_id: new Types.ObjectId(applicationId) };
      const [anonymous, installation] = await Promise.all([
        store.AnonymousUsers.exists(key),
        store.Installations.exists(key),
      ]);
      return Boolean(anonymous ?? installation);
    },

    async linkQuietly(application, userId, input) {
      if (!input.anonymous_id && !input.installation_id) return;
      try {
        await identify(application, userId, input);
      } catch (error) {
        logger.error({ err: error, userId }, 'could not link the anonymous identifiers to the user');
      }
    },
  };
}
