import type { Types } from 'mongoose';
import type { AnonymousUser, DeviceInfo, EnvironmentInfo, Installation } from './ingest.model.js';

// What the dashboard reads of installations and anonymous users: every field present, null when unknown.

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const idOrNull = (id: Types.ObjectId | null | undefined) => (id ? String(id) : null);

/** Every device field, null when the SDK did not send it (as stored and as read). */
export function deviceInfoOf(device: Partial<DeviceInfo>): DeviceInfo {
  return {
    platform: device.platform ?? null,
    user_agent: device.user_agent ?? null,
    language: device.language ?? null,
    timezone: device.timezone ?? null,
    screen_resolution: device.screen_resolution ?? null,
    color_depth: device.color_depth ?? null,
    device_memory: device.device_memory ?? null,
    hardware_concurrency: device.hardware_concurrency ?? null,
  };
}

export type InstallationView = ReturnType<typeof installationView>;
export type AnonymousUserView = ReturnType<typeof anonymousUserView>;

export function installationView(row: Installation) {
  const environment: Partial<EnvironmentInfo> = row.environment_info ?? {};
  return {
    id: String(row._id),
    installation_id: row.installation_id,
    application_id: String(row.application_id),
    project_id: String(row.project_id),
    organization_id: String(row.organization_id),
    device_info: deviceInfoOf(row.device_info ?? {}),
    environment_info: {
      url: environment.url ?? null,
      referrer: environment.referrer ?? null,
      timestamp: iso(environment.timestamp),
      session_id: environment.session_id ?? null,
    },
    is_anonymous: row.is_anonymous,
    is_active: row.is_active,
    anonymous_id: row.anonymous_id ?? null,
    user_id: idOrNull(row.user_id),
    reported_user_id: row.reported_user_id ?? null,
    linked_at: iso(row.linked_at),
    session_count: row.session_count ?? 0,
    total_events: row.total_events ?? 0,
    sdk_version: row.sdk_version ?? null,
    first_seen_at: row.first_seen_at.toISOString(),
    last_seen_at: row.last_seen_at.toISOString(),
  };
}

export function anonymousUserView(row: AnonymousUser) {
  return {
    id: String(row._id),
    anonymous_id: row.anonymous_id,
    display_name: row.display_name,
    installation_id: row.installation_id ?? null,
    application_id: String(row.application_id),
    project_id: String(row.project_id),
    organization_id: String(row.organization_id),
    user_id: idOrNull(row.user_id),
    linked_at: iso(row.linked_at),
    first_seen_at: row.first_seen_at.toISOString(),
    last_activity_at: row.last_activity_at.toISOString(),
  };
}
