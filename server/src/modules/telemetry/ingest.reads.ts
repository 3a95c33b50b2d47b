import mongoose, { Types } from 'mongoose';
import { paginateNewestBy } from '../../lib/pagination.js';
import type { ApplicationsService } from '../applications/index.js';
import { DAY_MS, type IngestStore } from './ingest.store.js';
import type { TrackingReader, TrackingService } from './ingest.types.js';
import { anonymousUserView, installationView } from './ingest.views.js';

/** "Active" installations were seen within this window (SPEC §9). */
export const ACTIVE_WINDOW_MS = DAY_MS;

/** The dashboard's lists of installations and anonymous users. */
export function createIngestReads(
  store: IngestStore,
  deps: {
    applications: Pick<ApplicationsService, 'get'>;
    organizationIdsOf(userId: string): Promise<Types.ObjectId[]>;
  },
): Pick<TrackingService, 'listInstallations' | 'listAnonymousUsers'> {
  const trusted = mongoose.trusted;

  /** The rows a reader may see: one application of theirs (404 otherwise), or all of them. */
  async function readScope(reader: TrackingReader, applicationId: string | undefined) {
    if (applicationId) {
      await deps.applications.get(reader, applicationId);
      return { application_id: new Types.ObjectId(applicationId) };
    }
    if (reader.applicationId) return { application_id: new Types.ObjectId(reader.applicationId) };
    return { organization_id: trusted({ $in: await deps.organizationIdsOf(reader.userId) }) };
  }

  return {
    async listInstallations(reader, query) {
      const filter: Record<string, unknown> = await readScope(reader, query.application_id);
      if (query.is_anonymous !== undefined) filter.is_anonymous = query.is_anonymous;
      if (query.active !== undefined) {
        const since = new Date(Date.now() - ACTIVE_WINDOW_MS);
        filter.last_seen_at = trusted(query.active ? { $gte: since } : { $lt: since });
      }
      const page = await paginateNewestBy(store.Installations, 'last_seen_at', filter, query);
      return { data: page.data.map(installationView), next_cursor: page.next_cursor };
    },

    async listAnonymousUsers(reader, query) {
      const filter: Record<string, unknown> = await readScope(reader, query.application_id);
      if (query.installation_id) filter.installation_id = query.installation_id;
      const page = await paginateNewestBy(store.AnonymousUsers, 'last_activity_at', filter, query);
      return { data: page.data.map(anonymousUserView), next_cursor: page.next_cursor };
    },
  };
}
