import { Types } from 'mongoose';
import { randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type ActivityService, type AuditEvent } from '../../core/audit.js';
import { WebhookErrors } from './webhooks.errors.js';
import { isKnownEventPattern } from './webhooks.events.js';
import type { WebhookKit } from './webhooks.kit.js';
import type { WebhookDocument } from './webhooks.model.js';
import type { WebhookInput, WebhooksService } from './webhooks.types.js';
import { assertPublicUrl, parseWebhookUrl } from './webhooks.url-guard.js';
import { SECRET_PREFIX, webhookView } from './webhooks.views.js';

/** Webhooks one organization may have. */
export const MAX_WEBHOOKS_PER_ORGANIZATION = 20;

const newSecret = () => `${SECRET_PREFIX}${randomToken(32)}`;

/** An audit entry about a webhook, in its organization's log; the URL goes with every entry. */
function webhookEvent(
  action: string,
  webhook: Pick<WebhookDocument, '_id' | 'organization_id' | 'url'>,
  userId: string,
  metadata: Record<string, unknown> = {},
  statusCode?: number,
): AuditEvent {
  return {
    action,
    resource_type: 'other',
    resource_id: String(webhook._id),
    user_id: userId,
    organization_id: String(webhook.organization_id),
    status_code: statusCode,
    metadata: { url: webhook.url, ...metadata },
  };
}

function checkedEvents(events: string[]): string[] {
  const unique = [...new Set(events)];
  const unknown = unique.find((pattern) => !isKnownEventPattern(pattern));
  if (unknown)
    throw new AppError(WebhookErrors.UNKNOWN_EVENT, {
      message: `${WebhookErrors.UNKNOWN_EVENT.message} Unknown: ${unknown}`,
    });
  return unique;
}

type Endpoints = Pick<WebhooksService, 'list' | 'create' | 'get' | 'update' | 'remove'>;

/** An organization's webhooks: their URL, events, scope, secret and whether they are enabled. */
export function createWebhookEndpoints(
  kit: WebhookKit,
  deps: { activity: ActivityService; wake(): void },
): Endpoints {
  const { directory, settings, authorizedWebhook } = kit;
  const { Webhooks, Deliveries } = kit.models;
  const { activity } = deps;

  async function checkedUrl(raw: string): Promise<string> {
    const url = parseWebhookUrl(raw);
    if (!settings.allowPrivateUrls) await assertPublicUrl(url);
    return url.toString();
  }

  /** Projects and applications a webhook is narrowed to, each of the webhook's organization. */
  async function checkedScope(
    organizationId: string,
    input: Pick<WebhookInput, 'project_ids' | 'application_ids'>,
  ) {
    const scope: { project_ids?: Types.ObjectId[]; application_ids?: Types.ObjectId[] } = {};
    if (input.project_ids) {
      for (const id of input.project_ids) {
        if ((await directory.projectOrganizationId(id)) !== organizationId)
          throw new AppError(WebhookErrors.SCOPE_OUTSIDE_ORGANIZATION);
      }
      scope.project_ids = [...new Set(input.project_ids)].map((id) => new Types.ObjectId(id));
    }
    if (input.application_ids) {
      for (const id of input.application_ids) {
        if ((await directory.applicationOwner(id))?.organizationId !== organizationId)
          throw new AppError(WebhookErrors.SCOPE_OUTSIDE_ORGANIZATION);
      }
      scope.application_ids = [...new Set(input.application_ids)].map((id) => new Types.ObjectId(id));
    }
    return scope;
  }

  return {
    async list(userId, organizationId) {
      await directory.authorize(userId, organizationId, 'webhook:read', WebhookErrors.NOT_FOUND);
      const webhooks = await Webhooks.find({ organization_id: new Types.ObjectId(organizationId) })
        .sort({ created_at: -1, _id: -1 })
        .lean<WebhookDocument[]>();
      return webhooks.map(webhookView);
    },

    async create(userId, organizationId, input, context) {
      await directory.authorize(userId, organizationId, 'webhook:manage', WebhookErrors.NOT_FOUND);
      const url = await checkedUrl(input.url);
      const events = checkedEvents(input.events);
      const scope = await checkedScope(organizationId, input);
      const count = await Webhooks.countDocuments({ organization_id: new Types.ObjectId(organizationId) });
      if (count >= MAX_WEBHOOKS_PER_ORGANIZATION) throw new AppError(WebhookErrors.LIMIT_REACHED);
      const secret = newSecret();
      const created = (
        await Webhooks.create({
          organization_id: new Types.ObjectId(organizationId),
          url,
          description: input.description?.trim() || null,
          events,
          ...scope,
          secret,
          created_by: new Types.ObjectId(userId),
        })
      ).toObject<WebhookDocument>();
      await recordAudit(activity, context, webhookEvent('webhook.created', created, userId, { events }, 201));
      return { ...webhookView(created), secret };
    },

    async get(userId, webhookId) {
      return webhookView(await authorizedWebhook(userId, webhookId, 'webhook:read'));
    },

    async update(userId, webhookId, changes, context) {
      const webhook = await authorizedWebhook(userId, webhookId);
      const set: Record<string, unknown> = {};
      if (changes.url !== undefined) set.url = await checkedUrl(changes.url);
      if (changes.events !== undefined) set.events = checkedEvents(changes.events);
      if (changes.description !== undefined) set.description = changes.description?.trim() || null;
      Object.assign(set, await checkedScope(String(webhook.organization_id), changes));
      const secret = changes.rotate_secret ? newSecret() : undefined;
      if (secret) set.secret = secret;
      const now = new Date();
      if (changes.enabled === true && !webhook.enabled)
        Object.assign(set, {
          enabled: true,
          disabled_reason: null,
          disabled_at: null,
          consecutive_failures: 0,
        });
      if (changes.enabled === false && webhook.enabled)
        Object.assign(set, { enabled: false, disabled_reason: 'manual', disabled_at: now });
      const updated = await Webhooks.findOneAndUpdate(
        { _id: webhook._id },
        { $set: set },
        { returnDocument: 'after' },
      ).lean<WebhookDocument>();
      if (!updated) throw new AppError(WebhookErrors.NOT_FOUND);
      if (set.enabled === true) {
        // The backlog kept while it was disabled goes out now, with a fresh retry window.
        await Deliveries.updateMany(
          { webhook_id: webhook._id, status: 'pending' },
          { $set: { next_attempt_at: now, give_up_at: new Date(now.getTime() + settings.retryWindowMs) } },
        );
        deps.wake();
      }
      await recordAudit(
        activity,
        context,
        webhookEvent('webhook.updated', updated, userId, {
          fields: Object.keys(set).filter((field) => field !== 'secret'),
          secret_rotated: Boolean(secret),
        }),
      );
      return secret ? { ...webhookView(updated), secret } : webhookView(updated);
    },

    async remove(userId, webhookId, context) {
      const webhook = await authorizedWebhook(userId, webhookId);
      await Webhooks.deleteOne({ _id: webhook._id });
      await Deliveries.deleteMany({ webhook_id: webhook._id });
      await recordAudit(activity, context, webhookEvent('webhook.deleted', webhook, userId));
    },
  };
}
