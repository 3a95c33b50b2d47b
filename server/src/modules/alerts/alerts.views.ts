import type { AlertHistoryDocument, AlertRuleDocument } from './alerts.model.js';
import type { AlertHistoryView, AlertView } from './alerts.schemas.js';

/** Whether the rule's notifications are held at `now` (muted, or muted until a later time). */
export function isMuted(rule: Pick<AlertRuleDocument, 'muted' | 'muted_until'>, now: Date): boolean {
  return rule.muted || (rule.muted_until !== null && rule.muted_until.getTime() > now.getTime());
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function alertView(rule: AlertRuleDocument, now = new Date()): AlertView {
  return {
    id: String(rule._id),
    organization_id: String(rule.organization_id),
    project_id: String(rule.project_id),
    application_id: rule.application_id ? String(rule.application_id) : null,
    name: rule.name,
    metric: rule.metric,
    event: rule.event,
    steps: rule.steps,
    comparator: rule.comparator,
    threshold: rule.threshold,
    window_s: rule.window_s,
    cooldown_s: rule.cooldown_s,
    min_samples: rule.min_samples,
    channels: { emails: rule.channels.emails, webhook: rule.channels.webhook },
    muted: isMuted(rule, now),
    muted_until: iso(rule.muted_until),
    state: rule.state,
    state_since: rule.state_since.toISOString(),
    last_value: rule.last_value,
    last_samples: rule.last_samples,
    last_evaluated_at: iso(rule.last_evaluated_at),
    last_notified_at: iso(rule.last_notified_at),
    created_by: String(rule.created_by),
    created_at: rule.created_at.toISOString(),
    updated_at: rule.updated_at.toISOString(),
  };
}

export function historyView(row: AlertHistoryDocument): AlertHistoryView {
  return {
    id: String(row._id),
    alert_id: String(row.alert_id),
    kind: row.kind,
    from_state: row.from_state,
    to_state: row.to_state,
    value: row.value,
    samples: row.samples,
    threshold: row.threshold,
    comparator: row.comparator,
    notified: {
      emails: row.notified.emails,
      webhook: row.notified.webhook,
      suppressed: row.notified.suppressed,
    },
    at: row.at.toISOString(),
  };
}
