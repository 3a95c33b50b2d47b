import { Types } from 'mongoose';
import type { IngestStore } from './ingest.store.js';
import type { LinkedToAccount, TrackingService } from './ingest.types.js';

/** At most this many installations and anonymous users are listed for one account. */
export const LINKED_LIMIT = 50;

/**
 * What the SDKs linked to one account inside one project (identify, embedding sign-ins): the user
 * management's detail page shows it (GET /projects/{id}/users/{user_id}). Most recently seen first.
 */
export function createLinkedReads(store: IngestStore): Pick<TrackingService, 'linkedTo'> {
  return {
    async linkedTo(projectId, userId): Promise<LinkedToAccount> {
      if (!Types.ObjectId.isValid(projectId) || !Types.ObjectId.isValid(userId))
        return { installations: [], anonymous_users: [] };
      // Both filters start with user_id: the indexes on (user_id, application_id) serve them.
      const filter = { user_id: new Types.ObjectId(userId), project_id: new Types.ObjectId(projectId) };
      const [installations, anonymousUsers] = await Promise.all([
        store.Installations.find(filter).sort({ last_seen_at: -1, _id: -1 }).limit(LINKED_LIMIT).lean(),
        store.AnonymousUsers.find(filter).sort({ last_activity_at: -1, _id: -1 }).limit(LINKED_LIMIT).lean(),
      ]);
      return {
        installations: installations.map((row) => ({
          installation_id: row.installation_id,
          application_id: String(row.application_id),
          platform: row.device_info?.platform ?? null,
          user_agent: row.device_info?.user_agent ?? null,
          sdk_version: row.sdk_version ?? null,
          linked_at: row.linked_at ? row.linked_at.toISOString() : null,
          first_seen_at: row.first_seen_at.toISOString(),
          last_seen_at: row.last_seen_at.toISOString(),
        })),
        anonymous_users: anonymousUsers.map((row) => ({
          anonymous_id: row.anonymous_id,
          application_id: String(row.application_id),
          installation_id: row.installation_id ?? null,
          linked_at: row.linked_at ? row.linked_at.toISOString() : null,
          first_seen_at: row.first_seen_at.toISOString(),
          last_activity_at: row.last_activity_at.toISOString(),
        })),
      };
    },
  };
}
