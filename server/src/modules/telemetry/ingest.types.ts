import type { Page } from '../../lib/pagination.js';
import type { ResourceType } from '../../core/audit.js';
import type { ApplicationCaller, ApplicationDocument } from '../applications/index.js';
import type { DeviceInfo, EnvironmentInfo } from './ingest.model.js';
import type { EventRejection, LinkOutcome } from './ingest.schemas.js';
import type { AnonymousUserView, InstallationView } from './ingest.views.js';

/** Where an ingest request came from: the application of its X-Application-ID, and the client. */
export interface IngestSource {
  application: Pick<ApplicationDocument, '_id' | 'project_id' | 'organization_id'>;
  ip: string | null;
  userAgent: string | null;
  /** The X-SDK-Version header, cleaned; null without one. */
  sdkVersion: string | null;
}

export interface InstallationInput {
  installation_id: string;
  device_info?: Partial<DeviceInfo> | null;
  environment_info?: Partial<EnvironmentInfo> | null;
  is_anonymous: boolean;
  anonymous_id?: string | null;
  user_id?: string | null;
}

export interface ActivityInput {
  action: string;
  resource_type: ResourceType;
  resource_id?: string | null;
  metadata?: Record<string, unknown> | null;
  installation_id?: string | null;
  anonymous_user_id?: string | null;
}

export interface EventInput {
  id?: string | null;
  event: string;
  properties?: Record<string, unknown> | null;
  timestamp?: Date | null;
}

export interface BatchInput {
  events: EventInput[];
  session_info?: { session_id?: string | null; installation_id?: string | null } | null;
}

export interface BatchResult {
  events_processed: number;
  duplicates: number;
  rejected: Array<{ index: number; id: string | null; reason: EventRejection; message: string }>;
}

export interface IdentityInput {
  anonymous_id?: string | null;
  installation_id?: string | null;
}

export interface IdentifyResult {
  success: true;
  user_id: string;
  anonymous_user: { anonymous_id: string; status: LinkOutcome } | null;
  installation: { installation_id: string; status: LinkOutcome } | null;
}

/** What the SDKs linked to one account in one project (user management's detail page). */
export interface LinkedToAccount {
  installations: Array<{
    installation_id: string;
    application_id: string;
    platform: string | null;
    user_agent: string | null;
    sdk_version: string | null;
    linked_at: string | null;
    first_seen_at: string;
    last_seen_at: string;
  }>;
  anonymous_users: Array<{
    anonymous_id: string;
    application_id: string;
    installation_id: string | null;
    linked_at: string | null;
    first_seen_at: string;
    last_activity_at: string;
  }>;
}

/** Who reads: a dashboard session (applicationId null) or an API token bound to one application. */
export type TrackingReader = ApplicationCaller;

export interface TrackingService {
  /** Upserts the installation (and its anonymous user); counts a session id not seen before. */
  registerInstallation(
    source: IngestSource,
    input: InstallationInput,
  ): Promise<{ created: boolean; newSession: boolean }>;
  /** Appends to activity_logs for the application; returns the entry's id. */
  logActivity(source: IngestSource, input: ActivityInput): Promise<string>;
  /** Stores a batch of events; ids already stored are skipped, bad timestamps refused one by one. */
  ingestEvents(source: IngestSource, batch: BatchInput): Promise<BatchResult>;
  /** Links the anonymous user and installation to the signed-in user (the anonymous → registered funnel). */
  identify(
    application: IngestSource['application'],
    userId: string,
    input: IdentityInput,
  ): Promise<IdentifyResult>;
  /** `identify` for sign-ins and registrations: never fails them, logs instead. */
  linkQuietly(application: IngestSource['application'], userId: string, input: IdentityInput): Promise<void>;
  /**
   * Whether the person is linked to an anonymous user or installation of the application, which
   * only their own sign-in through it does (the send API counts them as the application's users).
   */
  identifiedIn(applicationId: string, userId: string): Promise<boolean>;
  /**
   * The installations and anonymous users linked to the account in the project's applications,
   * most recently seen first (at most 50 of each). The caller has authorized the project.
   */
  linkedTo(projectId: string, userId: string): Promise<LinkedToAccount>;
  listInstallations(
    reader: TrackingReader,
    query: {
      application_id?: string;
      is_anonymous?: boolean;
      active?: boolean;
      limit?: number;
      cursor?: string;
    },
  ): Promise<Page<InstallationView>>;
  listAnonymousUsers(
    reader: TrackingReader,
    query: { application_id?: string; installation_id?: string; limit?: number; cursor?: string },
  ): Promise<Page<AnonymousUserView>>;
}

/** An application as the ingest services use it: who owns what it stores. */
export type IngestApplication = IngestSource['application'];
