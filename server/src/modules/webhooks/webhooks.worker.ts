import { randomBytes } from 'node:crypto';
import mongoose, { type Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { DeliveryDocument, WebhookDocument, WebhookModels } from './webhooks.model.js';
import { sendDelivery, type AttemptResult } from './webhooks.sender.js';

/** Deliveries one process sends at the same time (one per subscription, to keep their order). */
const MAX_CONCURRENT = 8;
/** The attempt history kept per delivery. */
const ATTEMPT_LOG_LENGTH = 20;
/** Finished deliveries stay in the log this long (TTL on purge_at). */
export const DELIVERY_LOG_RETENTION_DAYS = 30;
/** A disabled subscription's backlog is looked at again after this long (it resumes when enabled). */
const DISABLED_RECHECK_MS = 60_000;
const NO_LEASE = new Date(0);

export type WebhookSettings = Config['webhooks'];

/** The delay before retry number `attempt` (1-based): doubling from the base, ±20 % jitter, capped. */
export function retryDelayMs(
  attempt: number,
  settings: Pick<WebhookSettings, 'retryBaseMs' | 'maxRetryDelayMs'>,
) {
  const exponential = settings.retryBaseMs * 2 ** Math.min(attempt - 1, 30);
  const jitter = 0.8 + Math.random() * 0.4;
  return Math.min(Math.round(exponential * jitter), settings.maxRetryDelayMs);
}

export interface WorkerHooks {
  /** Called once when a subscription is disabled because a delivery was given up. */
  onDisabled(webhook: WebhookDocument, delivery: DeliveryDocument): Promise<void>;
}

/**
 * Sends queued deliveries, in every server process at once. State lives only in MongoDB:
 *
 * - A process claims the oldest pending delivery of a subscription (its head) with one
 *   conditional update that sets a lease (`lease_owner`, `lease_until`); of several processes
 *   only one wins. Later deliveries of that subscription wait for the head, so a receiver sees a
 *   subscription's events in the order they happened.
 * - The outcome is acknowledged by an update conditional on still holding the lease. A process
 *   that dies mid-delivery never acknowledges; once its lease runs out another process sends the
 *   delivery again (at least once: receivers deduplicate by X-IAM-Event-Id). A delivery
 *   acknowledged as succeeded is never sent again.
 * - Failures are retried with exponential backoff until `give_up_at` (24 h by default); then the
 *   delivery fails and the subscription is disabled (its backlog resumes when it is enabled).
 */
export class DeliveryWorker {
  /** This process's name in leases. */
  readonly owner = `${process.pid}-${randomBytes(4).toString('hex')}`;
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;
  private again = false;
  private stopped = true;
  private readonly busy = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly models: WebhookModels,
    private readonly settings: WebhookSettings,
    private readonly logger: Logger,
    private readonly hooks: WorkerHooks,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.settings.pollIntervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops claiming; waits for deliveries in flight to be acknowledged. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** Looks for due work now (after a delivery was queued in this process). */
  wake(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void (async () => {
      try {
        do {
          this.again = false;
          await this.claimDue();
        } while (this.again && !this.stopped);
      } catch (error) {
        this.logger.error({ err: error }, 'webhook worker: could not claim deliveries');
      } finally {
        this.ticking = false;
      }
    })();
  }

  private async claimDue(): Promise<void> {
    const { Deliveries } = this.models;
    const now = new Date();
    const due = await Deliveries.find(
      {
        status: 'pending',
        next_attempt_at: mongoose.trusted({ $lte: now }),
        lease_until: mongoose.trusted({ $lte: now }),
      },
      { webhook_id: 1 },
    )
      .sort({ next_attempt_at: 1, seq: 1 })
      .limit(100)
      .lean();
    const webhookIds = [...new Set(due.map((delivery) => String(delivery.webhook_id)))];
    for (const webhookId of webhookIds) {
      if (this.stopped || this.inFlight.size >= MAX_CONCURRENT) return;
      if (this.busy.has(webhookId)) continue;
      const claimed = await this.claimHead(
        due.find((d) => String(d.webhook_id) === webhookId)!.webhook_id,
        now,
      );
      if (!claimed) continue;
      this.busy.add(webhookId);
      const running = this.deliver(claimed)
        .catch((error: unknown) => this.logger.error({ err: error }, 'webhook worker: delivery failed'))
        .finally(() => {
          this.busy.delete(webhookId);
          this.inFlight.delete(running);
          this.wake();
        });
      this.inFlight.add(running);
    }
  }

  /** Leases the head of a subscription's queue, or moves its waiting deliveries out of the scan. */
  private async claimHead(webhookId: Types.ObjectId, now: Date): Promise<DeliveryDocument | null> {
    const { Webhooks, Deliveries } = this.models;
    const webhook = await Webhooks.findById(webhookId, { enabled: 1 }).lean();
    if (!webhook) {
      await Deliveries.deleteMany({ webhook_id: webhookId, status: 'pending' });
      return null;
    }
    if (!webhook.enabled) {
      await this.postpone(webhookId, null, new Date(now.getTime() + DISABLED_RECHECK_MS));
      return null;
    }
    const head = await Deliveries.findOne({ webhook_id: webhookId, status: 'pending' })
      .sort({ seq: 1, _id: 1 })
      .lean<DeliveryDocument>();
    if (!head) return null;
    const heldUntil = Math.max(head.next_attempt_at.getTime(), head.lease_until.getTime());
    if (heldUntil > now.getTime()) {
      // The head waits for a retry or is being sent elsewhere: so do the rest of its queue.
      await this.postpone(webhookId, head._id, new Date(heldUntil));
      return null;
    }
    return Deliveries.findOneAndUpdate(
      { _id: head._id, status: 'pending', lease_until: mongoose.trusted({ $lte: now }) },
      { $set: { lease_owner: this.owner, lease_until: new Date(now.getTime() + this.settings.leaseMs) } },
      { returnDocument: 'after' },
    ).lean<DeliveryDocument>();
  }

  private postpone(webhookId: Types.ObjectId, exceptId: Types.ObjectId | null, until: Date) {
    return this.models.Deliveries.updateMany(
      {
        webhook_id: webhookId,
        status: 'pending',
        next_attempt_at: mongoose.trusted({ $lt: until }),
        ...(exceptId ? { _id: mongoose.trusted({ $ne: exceptId }) } : {}),
      },
      { $set: { next_attempt_at: until } },
    );
  }

  private async deliver(delivery: DeliveryDocument): Promise<void> {
    const { Webhooks, Deliveries } = this.models;
    const webhook = await Webhooks.findById(delivery.webhook_id).lean<WebhookDocument>();
    if (!webhook) {
      await Deliveries.deleteOne({ _id: delivery._id });
      return;
    }
    const attempt = delivery.attempts + 1;
    const result = await sendDelivery(
      {
        url: webhook.url,
        secret: webhook.secret,
        body: delivery.payload,
        deliveryId: String(delivery._id),
        eventId: delivery.event_id,
        eventType: delivery.event_type,
        attempt,
      },
      {
        allowPrivateUrls: this.settings.allowPrivateUrls,
        timeoutMs: this.settings.requestTimeoutMs,
        userAgent: 'IAM-Platform-Webhooks/1.0',
      },
    );
    const now = new Date();
    const outcome = attemptFields(delivery, result, attempt, now);
    const mine = { _id: delivery._id, status: 'pending' as const, lease_owner: this.owner };
    const released = { lease_owner: null, lease_until: NO_LEASE };
    if (result.ok) {
      const acknowledged = await Deliveries.updateOne(mine, {
        $set: { ...outcome, ...released, status: 'succeeded', delivered_at: now, purge_at: purgeAt(now) },
      });
      if (acknowledged.modifiedCount === 0) return this.lostLease(delivery);
      await Webhooks.updateOne(
        { _id: webhook._id },
        { $set: { consecutive_failures: 0, last_success_at: now } },
      );
      // The queue behind it may go now.
      await Deliveries.updateMany(
        { webhook_id: webhook._id, status: 'pending' },
        { $min: { next_attempt_at: now } },
      );
      return;
    }
    await Webhooks.updateOne(
      { _id: webhook._id },
      { $inc: { consecutive_failures: 1 }, $set: { last_failure_at: now } },
    );
    if (now.getTime() >= delivery.give_up_at.getTime()) {
      const given = await Deliveries.updateOne(mine, {
        $set: { ...outcome, ...released, status: 'failed', purge_at: purgeAt(now) },
      });
      if (given.modifiedCount === 0) return this.lostLease(delivery);
      const disabled = await Webhooks.findOneAndUpdate(
        { _id: webhook._id, enabled: true },
        { $set: { enabled: false, disabled_reason: 'failing', disabled_at: now } },
        { returnDocument: 'after' },
      ).lean<WebhookDocument>();
      if (disabled) await this.hooks.onDisabled(disabled, delivery);
      return;
    }
    const next = new Date(
      Math.min(now.getTime() + retryDelayMs(attempt, this.settings), delivery.give_up_at.getTime()),
    );
    const scheduled = await Deliveries.updateOne(mine, {
      $set: { ...outcome, ...released, next_attempt_at: next },
    });
    if (scheduled.modifiedCount === 0) return this.lostLease(delivery);
    await this.postpone(webhook._id, delivery._id, next);
  }

  private lostLease(delivery: DeliveryDocument): void {
    this.logger.warn(
      { delivery_id: String(delivery._id) },
      'webhook worker: the lease ran out before the delivery was acknowledged; another process owns it now',
    );
  }
}

/** The fields one attempt leaves on its delivery (its outcome and the attempt history). */
export function attemptFields(
  delivery: Pick<DeliveryDocument, 'attempt_log'>,
  result: AttemptResult,
  attempt: number,
  at: Date,
) {
  return {
    attempts: attempt,
    response_status: result.responseStatus,
    response_body: result.responseBody,
    error: result.error,
    duration_ms: result.durationMs,
    attempt_log: [
      ...delivery.attempt_log,
      { at, response_status: result.responseStatus, duration_ms: result.durationMs, error: result.error },
    ].slice(-ATTEMPT_LOG_LENGTH),
  };
}

export function purgeAt(from: Date): Date {
  return new Date(from.getTime() + DELIVERY_LOG_RETENTION_DAYS * 86_400_000);
}
