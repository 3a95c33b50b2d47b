import mongoose, { Types } from 'mongoose';
import { paginateNewestBy } from '../../lib/pagination.js';
import { organizationsWith, type OrganizationIdsOf } from '../../core/permissions.js';
import { ApplicationErrors } from '../applications/index.js';
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
    organizationIdsOf: OrganizationIdsOf;
  },
): Pick<TrackingService, 'listInstallations' | 'listAnonymousUsers'> {
  const trusted = mongoose.trusted;

  /**
   * The rows a reader may see: one application of theirs (404 otherwise; 403 naming
   * analytics:read when their role lacks it there), or all of those they read analytics of.
   */
  async function readScope(reader: TrackingReader, applicationId: string | undefined) {
    const readable = await organizationsWith(deps.organizationIdsOf, reader.userId, 'analytics:read');
    const reads = (organizationId: string) => readable.ids.some((id) => String(id) === organizationId);
    const own = applicationId ?? reader.applicationId;
    if (own) {
      const application = await deps.applications.get(reader, own);
      if (!reads(application.organization_id))
        await readable.require(application.organization_id, ApplicationErrors.NOT_FOUND);
      return { application_id: new Types.ObjectId(own) };
    }
    return { organization_id: trusted({ $in: readable.ids }) };
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
