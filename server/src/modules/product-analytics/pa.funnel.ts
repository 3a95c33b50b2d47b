import mongoose, { type Connection } from 'mongoose';
import { analyticsEventModel, installationModel, readEventDays } from '../telemetry/index.js';
import { median, percentOf, round } from './pa.periods.js';
import type { ResolvedScope } from './pa.types.js';

/** One step: an event name and optional property filters (`name|key=value|…`). */
export interface StepSpec {
  label: string;
  event: string;
  filters: Array<[string, string]>;
}

export function parseStep(text: string): StepSpec {
  const [event, ...pairs] = text.split('|');
  return {
    label: text,
    event: event!.trim(),
    filters: pairs.map((pair) => {
      const at = pair.indexOf('=');
      return [pair.slice(0, at).trim(), pair.slice(at + 1)] as [string, string];
    }),
  };
}

/** Each visitor's times per step (ms, ascending). */
export type StepTimes = Map<string, number[][]>;

export interface FunnelInput {
  steps: StepSpec[];
  windowMs: number;
  from: Date;
  to: Date;
}

/** A property value as typed in a URL matches the stored string, number or boolean. */
function valuesOf(text: string): unknown[] {
  const values: unknown[] = [text];
  if (text.trim() !== '' && Number.isFinite(Number(text))) values.push(Number(text));
  if (text === 'true' || text === 'false') values.push(text === 'true');
  return values;
}

/**
 * The step times of every visitor (installation) from the event days (one document per event name,
 * application and day) — or, for steps with property filters, from the raw events of that name.
 */
async function readStepTimes(connection: Connection, scope: ResolvedScope, input: FunnelInput) {
  const end = new Date(input.to.getTime() + input.windowMs);
  const times: StepTimes = new Map();
  const slot = (installation: string) => {
    let entry = times.get(installation);
    if (!entry) {
      entry = input.steps.map(() => []);
      times.set(installation, entry);
    }
    return entry;
  };
  const plain = input.steps
    .map((step, index) => ({ step, index }))
    .filter(({ step }) => !step.filters.length);
  if (plain.length) {
    const byEvent = await readEventDays(connection, {
      applicationIds: scope.applicationIds,
      events: [...new Set(plain.map(({ step }) => step.event))],
      from: input.from,
      end,
    });
    for (const { step, index } of plain)
      for (const [installation, list] of byEvent.get(step.event)!) slot(installation)[index]!.push(...list);
  }
  const Events = analyticsEventModel(connection);
  for (const [index, step] of input.steps.entries()) {
    if (!step.filters.length) continue;
    const filter: Record<string, unknown> = {
      application_id: mongoose.trusted({ $in: scope.applicationIds }),
      event: step.event,
      timestamp: mongoose.trusted({ $gte: input.from, $lt: end }),
      installation_id: mongoose.trusted({ $ne: null }),
    };
    for (const [key, value] of step.filters)
      filter[`properties.${key}`] = mongoose.trusted({ $in: valuesOf(value) });
    const rows = await Events.find(filter, { _id: 0, installation_id: 1, timestamp: 1 }).lean<
      Array<{ installation_id: string; timestamp: Date }>
    >();
    for (const row of rows) slot(row.installation_id)[index]!.push(row.timestamp.getTime());
  }
  for (const entry of times.values()) for (const list of entry) list.sort((a, b) => a - b);
  return times;
}

export interface FunnelPath {
  /** The time of each step reached, in order (length = steps reached). */
  reached: number[];
}

/**
 * A visitor's way through the steps: the first time in [from, to) they did step 1 starts it;
 * each next step is its first occurrence at or after the previous step (strictly after, for the
 * same step definition twice in a row) and within the window from the start.
 */
export function walk(
  times: number[][],
  specs: string[],
  from: number,
  to: number,
  windowMs: number,
): number[] {
  const start = times[0]!.find((t) => t >= from && t < to);
  if (start === undefined) return [];
  const reached = [start];
  for (let index = 1; index < times.length; index++) {
    const previous = reached[index - 1]!;
    const strict = specs[index] === specs[index - 1];
    const next = times[index]!.find((t) => (strict ? t > previous : t >= previous) && t <= start + windowMs);
    if (next === undefined) break;
    reached.push(next);
  }
  return reached;
}

/** Step counts, conversions, drop-offs and median times from every visitor's path. */
export function summarize(labels: string[], paths: Map<string, number[]>, registered: Set<string>) {
  const counts = labels.map(() => 0);
  const registeredCounts = labels.map(() => 0);
  const gaps: number[][] = labels.map(() => []);
  for (const [visitor, reached] of paths) {
    reached.forEach((t, index) => {
      counts[index]! += 1;
      if (registered.has(visitor)) registeredCounts[index]! += 1;
      if (index > 0) gaps[index]!.push((t - reached[index - 1]!) / 1000);
    });
  }
  return labels.map((name, index) => {
    const previous = index === 0 ? counts[0]! : counts[index - 1]!;
    const time = median(gaps[index]!);
    return {
      name,
      count: counts[index]!,
      conversion: index === 0 ? (counts[0]! > 0 ? 100 : null) : percentOf(counts[index]!, counts[0]!),
      conversion_from_previous: index === 0 ? null : percentOf(counts[index]!, previous),
      drop_off: index === 0 ? 0 : previous - counts[index]!,
      median_time_s: time === null ? null : round(time, 1),
      registered: registeredCounts[index]!,
      anonymous: counts[index]! - registeredCounts[index]!,
    };
  });
}

/** Installations of the scope linked to an account (registered) among `ids`. */
export async function registeredAmong(connection: Connection, scope: ResolvedScope, ids: string[]) {
  const registered = new Set<string>();
  const Installations = installationModel(connection);
  for (let offset = 0; offset < ids.length; offset += 5000) {
    const rows = await Installations.find(
      {
        application_id: mongoose.trusted({ $in: scope.applicationIds }),
        installation_id: mongoose.trusted({ $in: ids.slice(offset, offset + 5000) }),
        user_id: mongoose.trusted({ $ne: null }),
      },
      { _id: 0, installation_id: 1 },
    ).lean<Array<{ installation_id: string }>>();
    for (const row of rows) registered.add(row.installation_id);
  }
  return registered;
}

/** An event funnel: every visitor's path, then the counts per step. */
export async function eventFunnel(connection: Connection, scope: ResolvedScope, input: FunnelInput) {
  const times = await readStepTimes(connection, scope, input);
  const labels = input.steps.map((step) => step.label);
  const paths = new Map<string, number[]>();
  for (const [visitor, stepTimes] of times) {
    const reached = walk(stepTimes, labels, input.from.getTime(), input.to.getTime(), input.windowMs);
    if (reached.length) paths.set(visitor, reached);
  }
  const registered = await registeredAmong(connection, scope, [...paths.keys()]);
  return summarize(labels, paths, registered);
}
