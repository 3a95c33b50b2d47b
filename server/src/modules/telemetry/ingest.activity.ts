import { isPlatformAction, type ActivityService } from '../../core/audit.js';
import { AppError } from '../../lib/errors.js';
import type { IngestStore } from './ingest.store.js';
import type { Touches } from './ingest.touch.js';
import type { TrackingService } from './ingest.types.js';
import { TelemetryErrors } from './telemetry.errors.js';

/** POST /activity: an SDK's activity entry, stored in the application's activity log. */
export function createActivityIngest(
  store: IngestStore,
  { touchInstallation, touchAnonymousUser }: Touches,
  activity: ActivityService,
): Pick<TrackingService, 'logActivity'> {
  return {
    async logActivity(source, input) {
      // Anyone with the public application id may call this: it must not write what reads as the
      // platform's own audit trail (refused before anything is touched).
      if (isPlatformAction(input.action)) throw new AppError(TelemetryErrors.RESERVED_ACTION);
      const now = new Date();
      const installation = input.installation_id
        ? await touchInstallation(source.application, input.installation_id, { events: 1 }, now)
        : null;
      // Attributed to the account the anonymous id is linked to (a new anonymous id after sign-out is not).
      const userId = input.anonymous_user_id
        ? await touchAnonymousUser(
            source.application,
            input.anonymous_user_id,
            { installationId: input.installation_id },
            now,
          )
        : null;
      store.rollUp(source, now, {
        installationIds: [input.installation_id],
        anonymousIds: [input.anonymous_user_id],
        userIds: [userId ? String(userId) : null],
        newInstallations: installation?.created ? 1 : 0,
      });
      // An entry the SDK asked for (not an audit of a person's action): its failure fails the request.
      return activity.append({
        action: input.action,
        resource_type: input.resource_type,
        resource_id: input.resource_id ?? null,
        metadata: input.metadata ?? {},
        installation_id: input.installation_id ?? null,
        anonymous_user_id: input.anonymous_user_id ?? null,
        user_id: userId ? String(userId) : null,
        application_id: String(source.application._id),
        project_id: String(source.application.project_id),
        organization_id: String(source.application.organization_id),
        ip_address: source.ip,
        user_agent: source.userAgent,
        sdk_version: source.sdkVersion,
        source: 'sdk',
      });
    },
  };
}
