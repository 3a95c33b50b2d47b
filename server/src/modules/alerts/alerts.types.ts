import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { ErrorDefinition } from '../../lib/errors.js';
import type { ActivityService } from '../../core/audit.js';
import type { MailService } from '../../core/mail.js';
import type { OrganizationIdsOf, PermissionName } from '../../core/permissions.js';
import type { RequestContext } from '../../core/request-context.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { Measurement, MeasuredRule } from './alerts.metrics.js';
import type {
  AlertHistoryView,
  AlertListQueryInput,
  AlertView,
  CreateAlertInput,
  UpdateAlertInput,
} from './alerts.schemas.js';

/** What alerts need of organizations, projects and applications (bound late in services.ts). */
export interface AlertDirectory {
  /** The caller's membership with `permission`, else 403 naming it, or `notFound` (another tenant). */
  authorize(
    userId: string,
    organizationId: string,
    permission: PermissionName,
    notFound: ErrorDefinition,
  ): Promise<unknown>;
  organizationIdsOf: OrganizationIdsOf;
  /** An active application, or null. */
  application(
    applicationId: string,
  ): Promise<{ organizationId: string; projectId: string; name: string } | null>;
  /** An active project, or null. */
  project(projectId: string): Promise<{ organizationId: string; name: string } | null>;
  /** The organization's active members (address, display name): the only ones alert mails may go to. */
  membersOf(organizationId: string): Promise<Array<{ email: string; name: string }>>;
  /** The application whose `alert` template a project's rule uses (its default application), or null. */
  templateApplicationOf(projectId: string): Promise<string | null>;
}

/**
 * A funnel's conversion (product analytics, issue #35): of those who did the first step in
 * [from, to), the share (percent) who did every later step within `window_s` of it (value), and
 * how many did the first step (samples).
 */
export type FunnelConversion = (rule: MeasuredRule, from: Date, to: Date) => Promise<Measurement>;

/** Distinct active users (registered and anonymous) of the rule's scope in [from, to) (product analytics). */
export type ActiveUsers = (rule: MeasuredRule, from: Date, to: Date) => Promise<number>;

export interface AlertDependencies {
  connection: Connection;
  logger: Logger;
  /** Links in alert mails lead to the rule in the dashboard. */
  dashboardUrl: string;
  mail: Pick<MailService, 'sendTemplate'>;
  activity: ActivityService;
  webhooks: WebhookEmitter;
  directory: AlertDirectory;
  /** The evaluator's clock (tests pass their own). */
  now?: () => Date;
  /** null until the analytics module provides it: funnel_conversion rules are refused meanwhile. */
  funnelConversion?: FunnelConversion | null;
  /** The analytics' definition of active users; without it, signed-in accounts among the requests. */
  activeUsers?: ActiveUsers | null;
}

export interface EvaluationResult {
  /** Whether this process held the lease and evaluated. */
  leader: boolean;
  evaluated: number;
  fired: number;
  resolved: number;
}

export interface AlertEvaluator {
  /** One evaluation round at `now` (the injected clock's time unless given), if this process holds the lease. */
  evaluateOnce(now?: Date): Promise<EvaluationResult>;
  /** Evaluates every `intervalMs` (default 60 s) until stopped. */
  start(options?: { intervalMs?: number }): void;
  /** Stops the loop after the round in flight. */
  stop(): Promise<void>;
}

export interface AlertsService {
  list(userId: string, query: AlertListQueryInput): Promise<AlertView[]>;
  /** Rules in the state `firing` (the dashboard's bell), newest first. */
  firing(userId: string, query: AlertListQueryInput): Promise<AlertView[]>;
  create(userId: string, input: CreateAlertInput, context: RequestContext): Promise<AlertView>;
  get(userId: string, alertId: string): Promise<AlertView>;
  update(
    userId: string,
    alertId: string,
    changes: UpdateAlertInput,
    context: RequestContext,
  ): Promise<AlertView>;
  remove(userId: string, alertId: string, context: RequestContext): Promise<void>;
  history(
    userId: string,
    alertId: string,
    query: { limit?: number; cursor?: string },
  ): Promise<{
    data: AlertHistoryView[];
    next_cursor: string | null;
  }>;
  /** Sends a test notification through the rule's channels now. */
  test(
    userId: string,
    alertId: string,
    context: RequestContext,
  ): Promise<{ emails: string[]; failed_emails: string[]; webhook: boolean }>;
  evaluator: AlertEvaluator;
  close(): Promise<void>;
}
