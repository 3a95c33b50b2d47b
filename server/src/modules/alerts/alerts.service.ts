import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { recordAudit } from '../../core/audit.js';
import type { RequestContext } from '../../core/request-context.js';
import { paginateNewestBy } from '../../lib/pagination.js';
import { createAlertAccess } from './alerts.access.js';
import { AlertErrors } from './alerts.errors.js';
import { createEvaluator } from './alerts.evaluator.js';
import { createMetricReader } from './alerts.metrics.js';
import {
  alertModels,
  type AlertHistoryDocument,
  type AlertModels,
  type AlertRuleDocument,
} from './alerts.model.js';
import { createNotifier } from './alerts.notify.js';
import { checkRule } from './alerts.rules.js';
import type { AlertDependencies, AlertsService } from './alerts.types.js';
import { alertView, historyView } from './alerts.views.js';

export const MAX_ALERTS_PER_ORGANIZATION = 100;

/** Alert rules: CRUD and history for the organization's admins, the evaluator, the notifier. */
export function createAlertsService(deps: AlertDependencies): AlertsService {
  const models = alertModels(deps.connection);
  const { AlertRules, AlertHistory } = models;
  const { directory } = deps;
  const access = createAlertAccess(models, directory);
  const now = deps.now ?? (() => new Date());
  const { notify, evaluator } = createMachinery(deps, models, now);
  const funnelAvailable = Boolean(deps.funnelConversion);
  const audit = auditOf(deps);

  return {
    async list(userId, query) {
      const filter = await access.listFilter(userId, query);
      const rules = await AlertRules.find(filter)
        .sort({ created_at: -1, _id: -1 })
        .lean<AlertRuleDocument[]>();
      return rules.map((rule) => alertView(rule, now()));
    },

    async firing(userId, query) {
      const filter = await access.listFilter(userId, query);
      const rules = await AlertRules.find({ ...filter, state: 'firing' })
        .sort({ state_since: -1, _id: -1 })
        .lean<AlertRuleDocument[]>();
      return rules.map((rule) => alertView(rule, now()));
    },

    async create(userId, input, context) {
      const scope = await access.scopeFor(userId, input, 'alert:manage');
      const shape = { ...input, event: input.event ?? null, steps: input.steps ?? [] };
      await checkRule(shape, {
        funnelAvailable,
        memberEmails: async () => (await directory.membersOf(scope.organizationId)).map((m) => m.email),
      });
      const count = await AlertRules.countDocuments({
        organization_id: new Types.ObjectId(scope.organizationId),
      });
      if (count >= MAX_ALERTS_PER_ORGANIZATION) throw new AppError(AlertErrors.LIMIT_REACHED);
      const rule = await AlertRules.create({
        organization_id: scope.organizationId,
        project_id: scope.projectId,
        application_id: scope.applicationId,
        name: input.name,
        metric: input.metric,
        event: shape.event,
        steps: shape.steps,
        comparator: input.comparator,
        threshold: input.threshold,
        window_s: input.window_s,
        cooldown_s: input.cooldown_s,
        min_samples: input.min_samples,
        channels: input.channels,
        state: 'ok',
        state_since: now(),
        created_by: userId,
      });
      const created = rule.toObject<AlertRuleDocument>();
      await audit('alert.created', created, userId, context);
      return alertView(created, now());
    },

    async get(userId, alertId) {
      return alertView(await access.rule(userId, alertId, 'alert:read'), now());
    },

    async update(userId, alertId, changes, context) {
      const rule = await access.rule(userId, alertId, 'alert:manage');
      const { muted_until: mutedUntil, ...fields } = changes;
      const next = { ...rule, ...stripUndefined(fields) };
      // A metric change drops the fields of the metric before unless new ones are sent.
      if (changes.metric && changes.metric !== rule.metric) {
        next.event = changes.event ?? null;
        next.steps = changes.steps ?? [];
      }
      await checkRule(next, {
        funnelAvailable,
        memberEmails: async () =>
          (await directory.membersOf(String(rule.organization_id))).map((m) => m.email),
      });
      const updated = await AlertRules.findOneAndUpdate(
        { _id: rule._id },
        {
          $set: {
            ...stripUndefined(fields),
            event: next.event ?? null,
            steps: next.steps,
            ...(mutedUntil !== undefined ? { muted_until: mutedUntil ? new Date(mutedUntil) : null } : {}),
          },
        },
        { returnDocument: 'after' },
      ).lean<AlertRuleDocument>();
      if (!updated) throw new AppError(AlertErrors.NOT_FOUND);
      await audit('alert.updated', updated, userId, context);
      return alertView(updated, now());
    },

    async remove(userId, alertId, context) {
      const rule = await access.rule(userId, alertId, 'alert:manage');
      await AlertRules.deleteOne({ _id: rule._id });
      await AlertHistory.deleteMany({ alert_id: rule._id });
      await audit('alert.deleted', rule, userId, context);
    },

    async history(userId, alertId, query) {
      const rule = await access.rule(userId, alertId, 'alert:read');
      const page = await paginateNewestBy<'at', AlertHistoryDocument>(
        AlertHistory,
        'at',
        { alert_id: rule._id },
        query,
      );
      return { data: page.data.map(historyView), next_cursor: page.next_cursor };
    },

    async test(userId, alertId, context) {
      const rule = await access.rule(userId, alertId, 'alert:manage');
      const at = now();
      const notice = { kind: 'test' as const, value: rule.last_value, samples: rule.last_samples, at };
      const sent = await notify(rule, notice);
      await AlertHistory.create({
        alert_id: rule._id,
        organization_id: rule.organization_id,
        kind: 'test',
        from_state: null,
        to_state: null,
        value: notice.value,
        samples: notice.samples,
        threshold: rule.threshold,
        comparator: rule.comparator,
        notified: { emails: sent.emails.length, webhook: sent.webhook, suppressed: null },
        at,
      });
      await audit('alert.tested', rule, userId, context);
      return sent;
    },

    evaluator,
    close: () => evaluator.stop(),
  };
}

/** The notifier and the evaluator (with its metric readers) of one process. */
function createMachinery(deps: AlertDependencies, models: AlertModels, now: () => Date) {
  const { directory } = deps;
  const metrics = createMetricReader(deps.connection);
  const notify = createNotifier({
    mail: deps.mail,
    webhooks: deps.webhooks,
    logger: deps.logger,
    dashboardUrl: deps.dashboardUrl,
    async scopeNameOf(rule) {
      if (rule.application_id) return (await directory.application(String(rule.application_id)))?.name ?? '';
      return (await directory.project(String(rule.project_id)))?.name ?? '';
    },
    namesOf: async (rule) =>
      new Map((await directory.membersOf(String(rule.organization_id))).map((m) => [m.email, m.name])),
    templateApplicationOf: async (rule) =>
      rule.application_id
        ? String(rule.application_id)
        : directory.templateApplicationOf(String(rule.project_id)),
  });
  const evaluator = createEvaluator({
    models,
    logger: deps.logger,
    now,
    notify,
    async measure(rule, at) {
      const windowMs = rule.window_s * 1000;
      if (rule.metric === 'active_users' && deps.activeUsers) {
        const users = await deps.activeUsers(rule, new Date(at.getTime() - windowMs), at);
        return { value: users, samples: users };
      }
      if (rule.metric !== 'funnel_conversion') return metrics.measure(rule, at);
      if (!deps.funnelConversion) throw new AppError(AlertErrors.METRIC_UNAVAILABLE);
      // Those who entered one window earlier: each had the whole window to convert.
      return deps.funnelConversion(
        rule,
        new Date(at.getTime() - 2 * windowMs),
        new Date(at.getTime() - windowMs),
      );
    },
  });
  return { notify, evaluator };
}

/** Every change of a rule is in the audit trail (resource type `other`, the rule's id). */
function auditOf(deps: AlertDependencies) {
  return (action: string, rule: AlertRuleDocument, userId: string, context: RequestContext) =>
    recordAudit(deps.activity, context, {
      action,
      resource_type: 'other',
      resource_id: String(rule._id),
      user_id: userId,
      organization_id: String(rule.organization_id),
      project_id: String(rule.project_id),
      application_id: rule.application_id ? String(rule.application_id) : null,
      metadata: { name: rule.name, metric: rule.metric },
    });
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
