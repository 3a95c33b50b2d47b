import type { Translate } from '../../i18n/useT';
import {
  METRICS,
  PERCENT_METRICS,
  type AlertComparator,
  type AlertMetric,
  type AlertRule,
  type CreateAlertRule,
} from './queries';

export const WINDOW_UNITS = { minutes: 60, hours: 3_600, days: 86_400 } as const;
export type WindowUnit = keyof typeof WINDOW_UNITS;
const MAX_WINDOW_S = 604_800;
const MAX_COOLDOWN_S = 2_592_000;
const MAX_SAMPLES = 1_000_000;

/** The form as typed: numbers stay text until checked, so a half-typed value is not lost. */
export interface RuleDraft {
  name: string;
  projectId: string;
  applicationId: string;
  metric: AlertMetric;
  event: string;
  steps: string;
  comparator: AlertComparator;
  threshold: string;
  window: string;
  windowUnit: WindowUnit;
  minSamples: string;
  cooldown: string;
  cooldownUnit: WindowUnit;
  emails: string[];
  webhook: boolean;
}

/** The largest unit a duration divides into evenly: 3600 s → 1 hours. */
function split(seconds: number): [string, WindowUnit] {
  for (const unit of ['days', 'hours', 'minutes'] as const)
    if (seconds >= WINDOW_UNITS[unit] && seconds % WINDOW_UNITS[unit] === 0)
      return [String(seconds / WINDOW_UNITS[unit]), unit];
  return [String(Math.max(1, Math.round(seconds / 60))), 'minutes'];
}

export function draftOf(
  rule: AlertRule | undefined,
  scope: { projectId: string; applicationId: string },
): RuleDraft {
  const [window, windowUnit] = split(rule?.window_s ?? 300);
  const [cooldown, cooldownUnit] = split(rule?.cooldown_s ?? 3_600);
  return {
    name: rule?.name ?? '',
    projectId: rule?.project_id ?? scope.projectId,
    applicationId: rule ? (rule.application_id ?? '') : scope.applicationId,
    metric: rule?.metric ?? 'error_rate',
    event: rule?.event ?? '',
    steps: rule?.steps.join(', ') ?? '',
    comparator: rule?.comparator ?? 'gt',
    threshold: rule ? String(rule.threshold) : '5',
    window,
    windowUnit,
    minSamples: String(rule?.min_samples ?? 1),
    cooldown,
    cooldownUnit,
    emails: rule?.channels.emails ?? [],
    webhook: rule?.channels.webhook ?? false,
  };
}

export type RuleField =
  'name' | 'projectId' | 'event' | 'steps' | 'threshold' | 'window' | 'minSamples' | 'cooldown' | 'channels';
export type RuleErrors = Partial<Record<RuleField, string>>;

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** The request body, or the fields that are wrong (the server checks the same and more). */
export function validate(draft: RuleDraft, t: Translate): { body?: CreateAlertRule; errors: RuleErrors } {
  const errors: RuleErrors = {};
  const name = draft.name.trim();
  if (!name) errors.name = t('alerts.form.error.name');
  if (!draft.projectId) errors.projectId = t('alerts.form.error.scope');
  const event = draft.event.trim();
  if (draft.metric === 'event_count' && !event) errors.event = t('alerts.form.error.event');
  const steps = draft.steps
    .split(',')
    .map((step) => step.trim())
    .filter(Boolean);
  const journey = steps.length === 1 && steps[0] === 'journey';
  if (draft.metric === 'funnel_conversion' && !journey && (steps.length < 2 || steps.length > 10))
    errors.steps = t('alerts.form.error.steps');
  const threshold = number(draft.threshold);
  if (!Number.isFinite(threshold) || threshold < 0) errors.threshold = t('alerts.form.error.threshold');
  else if (PERCENT_METRICS.has(draft.metric) && threshold > 100)
    errors.threshold = t('alerts.form.error.percent');
  const windowS = number(draft.window) * WINDOW_UNITS[draft.windowUnit];
  if (!Number.isInteger(windowS) || windowS < 60 || windowS > MAX_WINDOW_S)
    errors.window = t('alerts.form.error.window');
  const minSamples = number(draft.minSamples);
  if (!Number.isInteger(minSamples) || minSamples < 0 || minSamples > MAX_SAMPLES)
    errors.minSamples = t('alerts.form.error.minSamples');
  const cooldownS = number(draft.cooldown) * WINDOW_UNITS[draft.cooldownUnit];
  if (!Number.isInteger(cooldownS) || cooldownS < 0 || cooldownS > MAX_COOLDOWN_S)
    errors.cooldown = t('alerts.form.error.cooldown');
  if (Object.keys(errors).length) return { errors };
  return {
    errors,
    body: {
      ...(draft.applicationId ? { application_id: draft.applicationId } : { project_id: draft.projectId }),
      name,
      metric: draft.metric,
      // The server refuses an event or steps on a metric that has none.
      ...(draft.metric === 'event_count' ? { event } : {}),
      ...(draft.metric === 'funnel_conversion' ? { steps } : {}),
      comparator: draft.comparator,
      threshold,
      window_s: windowS,
      min_samples: minSamples,
      cooldown_s: cooldownS,
      channels: { emails: draft.emails, webhook: draft.webhook },
    },
  };
}

/** Which form field a server validation detail (`body.channels.emails.0`, `body.window_s`) is about. */
export function fieldOfDetail(path: string): RuleField | null {
  const name = path.replace(/^body\.?/, '').split('.')[0] ?? '';
  const fields: Record<string, RuleField> = {
    name: 'name',
    project_id: 'projectId',
    application_id: 'projectId',
    event: 'event',
    steps: 'steps',
    threshold: 'threshold',
    window_s: 'window',
    min_samples: 'minSamples',
    cooldown_s: 'cooldown',
    channels: 'channels',
  };
  return fields[name] ?? null;
}

export { METRICS };
