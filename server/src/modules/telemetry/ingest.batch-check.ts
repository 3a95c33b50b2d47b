/**
 * POST /analytics's body checked by hand, for the batches that are valid (issue #38: zod's generic
 * walk over 500 events, with a union, a refine and a transform per timestamp, was ~15 % of the
 * server's main thread during ingest). It accepts only what AnalyticsBatchSchema accepts and returns
 * what that schema's parse returns (unknown keys left out, timestamps as Dates); anything it is not
 * sure about gives `undefined`, and the zod schema then parses the body and names the problem, so
 * every refusal and its message stay zod's. test/tracking/batch-check.test.ts compares both.
 * Keep the limits below in step with ingest.schemas.ts (which imports them from here).
 */
export const MAX_EVENTS_PER_BATCH = 500;
/** Serialized size of one event's `properties` or one activity's `metadata`. */
export const MAX_PROPERTIES_BYTES = 32 * 1024;
export const MAX_NESTING = 8;
export const MAX_KEY_LENGTH = 128;
export const MAX_EVENT_NAME = 200;
export const MAX_EVENT_ID = 128;
/** ISO 8601 date-time; seconds, fractions and the offset are optional (no offset: UTC). */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i;
const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;
const EVENT_ID = /^[\x21-\x7e]+$/;
const SESSION_ID = /^sess_[A-Za-z0-9_-]{8,64}$/;
const INSTALLATION_ID = /^inst_[A-Za-z0-9_-]{8,64}$/;

/** What the schema's parse returns (ingest.types.ts's BatchInput; not imported: it imports the schemas). */
interface EventInput {
  id?: string | null;
  event: string;
  properties?: Record<string, unknown> | null;
  timestamp?: Date | null;
}
interface BatchInput {
  events: EventInput[];
  session_info?: { session_id?: string | null; installation_id?: string | null } | null;
}

export function toDate(value: string | number): Date {
  return new Date(typeof value === 'string' && !HAS_OFFSET.test(value) ? `${value}Z` : value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Keys MongoDB cannot store or query safely, or that would reach Object.prototype. */
export function keyProblem(key: string): string | null {
  if (key === '__proto__' || key === 'constructor' || key === 'prototype')
    return `"${key}" is not allowed as a key.`;
  if (key.startsWith('$')) return 'Keys may not start with "$".';
  if (key.includes('.')) return 'Keys may not contain ".".';
  if (key.includes('\u0000')) return 'Keys may not contain NUL characters.';
  if (key.length > MAX_KEY_LENGTH) return `Keys may be at most ${MAX_KEY_LENGTH} characters long.`;
  return null;
}

/** Whether a properties object passes the schema's walk (keys, nesting, size) — the walk without messages. */
function propertiesFit(value: Record<string, unknown>): boolean {
  const size = { bytes: 0 };
  return fits(value, 0, size) && size.bytes <= MAX_PROPERTIES_BYTES;
}

/** One node of that walk; `size` adds up as in the schema (characters of keys and values, a little per entry). */
function fits(node: unknown, depth: number, size: { bytes: number }): boolean {
  if (depth > MAX_NESTING) return false;
  if (typeof node === 'string') size.bytes += node.length + 2;
  else if (Array.isArray(node)) {
    size.bytes += 2;
    for (let i = 0; i < node.length; i++) if (!fits(node[i], depth + 1, size)) return false;
  } else if (isPlainObject(node)) {
    size.bytes += 2;
    for (const key of Object.keys(node)) {
      if (keyProblem(key) !== null) return false;
      size.bytes += key.length + 4;
      if (!fits(node[key], depth + 1, size)) return false;
    }
  } else size.bytes += 8;
  return true;
}

/** A timestamp as the schema takes it (ISO string or epoch ms), or undefined when it would refuse it. */
function timestampOf(value: unknown): Date | undefined {
  if (typeof value === 'string') {
    if (value.length > 40 || !ISO_DATE_TIME.test(value)) return undefined;
  } else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || value < 0 || value > 8.64e15) return undefined;
  } else return undefined;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An identifier field: absent, null, or a string matching `pattern`; `false` when it would be refused. */
function idField(value: unknown, pattern: RegExp): string | null | undefined | false {
  if (value === undefined || value === null) return value;
  return typeof value === 'string' && pattern.test(value) ? value : false;
}

function eventOf(raw: unknown): EventInput | undefined {
  if (!isPlainObject(raw)) return undefined;
  const { id, event, properties, timestamp } = raw;
  if (typeof event !== 'string' || event.length < 1 || event.length > MAX_EVENT_NAME) return undefined;
  const out: EventInput = { event };
  if (id !== undefined) {
    if (id !== null && (typeof id !== 'string' || id.length > MAX_EVENT_ID || !EVENT_ID.test(id)))
      return undefined;
    out.id = id;
  }
  if (properties !== undefined) {
    if (properties !== null && !(isPlainObject(properties) && propertiesFit(properties))) return undefined;
    out.properties = properties;
  }
  if (timestamp !== undefined) {
    if (timestamp === null) out.timestamp = null;
    else {
      const date = timestampOf(timestamp);
      if (!date) return undefined;
      out.timestamp = date;
    }
  }
  return out;
}

/**
 * The parsed batch when the body is certainly valid (what AnalyticsBatchSchema's parse returns);
 * undefined otherwise — then parse it with the schema for the error.
 */
export function quickParseBatch(body: unknown): BatchInput | undefined {
  if (!isPlainObject(body)) return undefined;
  const { events, session_info: session } = body;
  if (!Array.isArray(events) || events.length < 1 || events.length > MAX_EVENTS_PER_BATCH) return undefined;
  const parsed: EventInput[] = new Array<EventInput>(events.length);
  for (let i = 0; i < events.length; i++) {
    const event = eventOf(events[i]);
    if (!event) return undefined;
    parsed[i] = event;
  }
  const out: BatchInput = { events: parsed };
  if (session === undefined) return out;
  if (session === null) {
    out.session_info = null;
    return out;
  }
  if (!isPlainObject(session)) return undefined;
  const sessionId = idField(session.session_id, SESSION_ID);
  const installationId = idField(session.installation_id, INSTALLATION_ID);
  if (sessionId === false || installationId === false) return undefined;
  const info: NonNullable<BatchInput['session_info']> = {};
  if (sessionId !== undefined) info.session_id = sessionId;
  if (installationId !== undefined) info.installation_id = installationId;
  out.session_info = info;
  return out;
}
