import type { IngestStore } from './ingest.store.js';
import type { Touches } from './ingest.touch.js';
import type { TrackingService } from './ingest.types.js';
import { deviceInfoOf } from './ingest.views.js';

/** POST /installations: the installation (and its anonymous user) seen now, its session counted. */
export function createInstallationIngest(
  store: IngestStore,
  { touchInstallation, touchAnonymousUser }: Touches,
): Pick<TrackingService, 'registerInstallation'> {
  return {
    async registerInstallation(source, input) {
      const now = new Date();
      const set: Record<string, unknown> = { is_anonymous: input.is_anonymous };
      if (input.device_info) set.device_info = deviceInfoOf(input.device_info);
      if (input.environment_info) {
        const e = input.environment_info;
        set.environment_info = {
          url: e.url ?? null,
          referrer: e.referrer ?? null,
          timestamp: e.timestamp ?? null,
          session_id: e.session_id ?? null,
        };
      }
      if (input.anonymous_id) set.anonymous_id = input.anonymous_id;
      if (input.user_id) set.reported_user_id = input.user_id;
      if (source.sdkVersion) set.sdk_version = source.sdkVersion;
      const outcome = await touchInstallation(
        source.application,
        input.installation_id,
        { set, sessionId: input.environment_info?.session_id },
        now,
      );
      if (input.anonymous_id) {
        await touchAnonymousUser(
          source.application,
          input.anonymous_id,
          { installationId: input.installation_id, platform: input.device_info?.platform ?? null },
          now,
        );
      }
      store.rollUp(source, now, {
        installationIds: [input.installation_id],
        anonymousIds: [input.anonymous_id],
        newInstallations: outcome.created ? 1 : 0,
      });
      return outcome;
    },
  };
}
