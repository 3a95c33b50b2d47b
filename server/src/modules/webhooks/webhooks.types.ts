import type { ErrorDefinition } from '../../lib/errors.js';
import type { Page } from '../../lib/pagination.js';
import type { SendTemplateInput } from '../../core/mail.js';
import type { RequestContext } from '../../core/request-context.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { Permission } from '../organizations/index.js';
import type { DeliveryDocument, DeliveryStatus } from './webhooks.model.js';

export interface WebhookView {
  id: string;
  organization_id: string;
  url: string;
  description: string | null;
  events: string[];
  project_ids: string[];
  application_ids: string[];
  enabled: boolean;
  disabled_reason: 'failing' | 'manual' | null;
  disabled_at: string | null;
  consecutive_failures: number;
  last_success_at: string | null;
  last_failure_at: string | null;
  /** The secret's first characters, to tell secrets apart; the whole secret is shown once. */
  secret_hint: string;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export interface DeliveryView {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  trigger: DeliveryDocument['trigger'];
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  duration_ms: number | null;
  attempt_log: Array<{
    at: string;
    response_status: number | null;
    duration_ms: number;
    error: string | null;
  }>;
  payload: unknown;
  created_at: string;
  delivered_at: string | null;
}

export interface WebhookInput {
  url: string;
  events: string[];
  description?: string | null;
  project_ids?: string[];
  application_ids?: string[];
}

export interface WebhookChanges extends Partial<WebhookInput> {
  enabled?: boolean;
  rotate_secret?: boolean;
}

/** What the webhooks module needs from organizations, projects, applications and mail (late-bound). */
export interface WebhookDirectory {
  authorize(
    userId: string,
    organizationId: string,
    permission: Permission,
    notFound: ErrorDefinition,
  ): Promise<unknown>;
  adminsOf(organizationId: string): Promise<Array<{ id: string; email: string; display_name: string }>>;
  /** The organization of an active project, or null. */
  projectOrganizationId(projectId: string): Promise<string | null>;
  /** The project and organization of an active application, or null. */
  applicationOwner(applicationId: string): Promise<{ organizationId: string; projectId: string } | null>;
  sendMail(input: SendTemplateInput): Promise<unknown>;
}

export interface WebhooksService extends WebhookEmitter {
  list(userId: string, organizationId: string): Promise<WebhookView[]>;
  create(
    userId: string,
    organizationId: string,
    input: WebhookInput,
    context: RequestContext,
  ): Promise<WebhookView & { secret: string }>;
  get(userId: string, webhookId: string): Promise<WebhookView>;
  update(
    userId: string,
    webhookId: string,
    changes: WebhookChanges,
    context: RequestContext,
  ): Promise<WebhookView & { secret?: string }>;
  remove(userId: string, webhookId: string, context: RequestContext): Promise<void>;
  deliveries(
    userId: string,
    webhookId: string,
    query: { limit?: number; cursor?: string; status?: DeliveryStatus },
  ): Promise<Page<DeliveryView>>;
  /** Sends a `webhook.test` event right away (one attempt, outside the queue) and logs it. */
  sendTest(userId: string, webhookId: string): Promise<DeliveryView>;
  /** Queues the event of a finished delivery again, behind the subscription's other events. */
  redeliver(userId: string, deliveryId: string): Promise<DeliveryView>;
  /** Starts this process's delivery worker (server start-up; tests that need deliveries). */
  startWorker(): void;
  /** Stops the worker after deliveries in flight are acknowledged, once queued events are written. */
  close(): Promise<void>;
  /** Waits until events emitted so far are queued (tests, shutdown). */
  drain(): Promise<void>;
}
