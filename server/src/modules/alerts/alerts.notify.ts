import type { Logger } from 'pino';
import type { Locale, MailService } from '../../core/mail.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { AlertComparator, AlertMetric, AlertRuleDocument } from './alerts.model.js';

export type NotificationKind = 'firing' | 'resolved' | 'test';

export interface Notice {
  kind: NotificationKind;
  value: number | null;
  samples: number | null;
  at: Date;
}

const COMPARATOR_SIGNS: Record<AlertComparator, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' };

const METRIC_LABELS: Record<AlertMetric, Record<Locale, string>> = {
  error_rate: { de: 'Fehlerquote (%)', en: 'Error rate (%)' },
  p95_latency_ms: { de: 'Antwortzeit p95 (ms)', en: 'Response time p95 (ms)' },
  api_calls: { de: 'API-Aufrufe', en: 'API calls' },
  active_users: { de: 'Aktive Benutzer', en: 'Active users' },
  sign_ups: { de: 'Registrierungen', en: 'Sign-ups' },
  failed_sign_ins: { de: 'Fehlgeschlagene Anmeldungen', en: 'Failed sign-ins' },
  event_count: { de: 'Ereignisse', en: 'Events' },
  funnel_conversion: { de: 'Funnel-Konversion (%)', en: 'Funnel conversion (%)' },
};

const STATE_LABELS: Record<NotificationKind, Record<Locale, string>> = {
  firing: { de: 'ausgelöst', en: 'firing' },
  resolved: { de: 'behoben', en: 'resolved' },
  test: { de: 'Test', en: 'test' },
};

function windowLabel(seconds: number, locale: Locale): string {
  if (seconds % 3600 === 0) return locale === 'de' ? `${seconds / 3600} Std.` : `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** The placeholders of the `alert` template (docs/alerts.md lists them). */
export function alertTemplateData(
  rule: AlertRuleDocument,
  notice: Notice,
  scopeName: string,
  dashboardUrl: string,
) {
  const metricOf = (locale: Locale) =>
    METRIC_LABELS[rule.metric][locale] + (rule.event ? ` „${rule.event}“` : '');
  const words = (locale: Locale) => ({
    state: STATE_LABELS[notice.kind][locale],
    metric: metricOf(locale),
    window: windowLabel(rule.window_s, locale),
  });
  return {
    data: {
      alertName: rule.name,
      scopeName,
      value: notice.value === null ? '–' : String(notice.value),
      threshold: String(rule.threshold),
      comparator: COMPARATOR_SIGNS[rule.comparator],
      samples: String(notice.samples ?? 0),
      at: notice.at.toISOString(),
      alertUrl: `${dashboardUrl.replace(/\/$/, '')}/alerts/${String(rule._id)}`,
    },
    localizedData: { de: words('de'), en: words('en') },
  };
}

/** The `data` of alert.firing / alert.resolved webhook events (docs/alerts.md). */
export function alertEventData(rule: AlertRuleDocument, notice: Notice) {
  return {
    alert: {
      id: String(rule._id),
      name: rule.name,
      metric: rule.metric,
      event: rule.event,
      steps: rule.steps,
      comparator: rule.comparator,
      threshold: rule.threshold,
      window_s: rule.window_s,
      project_id: String(rule.project_id),
      application_id: rule.application_id ? String(rule.application_id) : null,
    },
    state: notice.kind === 'resolved' ? 'resolved' : 'firing',
    value: notice.value,
    samples: notice.samples,
    at: notice.at.toISOString(),
    test: notice.kind === 'test',
  };
}

/**
 * Sends one notice through a rule's channels: a mail per address (the application's `alert`
 * template) and an event to the organization's webhooks. A refused mail is logged and counted,
 * never thrown: the other addresses and the webhook still get theirs.
 */
export function createNotifier(deps: {
  mail: Pick<MailService, 'sendTemplate'>;
  webhooks: WebhookEmitter;
  logger: Logger;
  dashboardUrl: string;
  scopeNameOf(rule: AlertRuleDocument): Promise<string>;
  /** The recipients' display names by address (members of the rule's organization). */
  namesOf(rule: AlertRuleDocument): Promise<Map<string, string>>;
  templateApplicationOf(rule: AlertRuleDocument): Promise<string | null>;
}) {
  return async function notify(rule: AlertRuleDocument, notice: Notice) {
    const sent: string[] = [];
    const failed: string[] = [];
    if (rule.channels.emails.length > 0) {
      const [scopeName, applicationId, names] = await Promise.all([
        deps.scopeNameOf(rule),
        deps.templateApplicationOf(rule),
        deps.namesOf(rule),
      ]);
      const { data, localizedData } = alertTemplateData(rule, notice, scopeName, deps.dashboardUrl);
      for (const to of rule.channels.emails) {
        try {
          await deps.mail.sendTemplate({
            to,
            template: 'alert',
            applicationId,
            data: { ...data, name: names.get(to) ?? to },
            localizedData,
          });
          sent.push(to);
        } catch (error) {
          deps.logger.warn({ err: error, alertId: String(rule._id) }, 'alert mail refused');
          failed.push(to);
        }
      }
    }
    if (rule.channels.webhook) {
      deps.webhooks.emit(
        notice.kind === 'resolved' ? 'alert.resolved' : 'alert.firing',
        {
          organizationId: String(rule.organization_id),
          projectId: String(rule.project_id),
          applicationId: rule.application_id ? String(rule.application_id) : null,
        },
        alertEventData(rule, notice),
      );
    }
    return { emails: sent, failed_emails: failed, webhook: rule.channels.webhook };
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
