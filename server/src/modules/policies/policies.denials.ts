import { Types } from 'mongoose';
import type { Logger } from 'pino';
import type { Decision } from './policies.engine.js';

/** The action of a denied check in the activity log (countable: filter the log by it). */
export const DENIED_ACTION = 'authorization.denied';
const FLUSH_INTERVAL_MS = 1_000;
/**
 * Beyond this many distinct waiting rows (the database is down or far too slow) new ones are
 * dropped and counted; a denial equal to a waiting one only adds to its count.
 */
const MAX_PENDING = 50_000;

export interface Denial {
  organizationId: string;
  projectId: string | null;
  applicationId: string | null;
  /** Whom the check was about. */
  subjectId: string;
  /** Who asked (an API token's or session's user, or the end user asking about themselves). */
  callerId: string;
  tokenId: string | null;
  action: string;
  resource: { type?: string; id?: string };
  decision: Decision;
  ip: string | null;
  userAgent: string | null;
}

export interface DenialRecorder {
  /**
   * Queues the denial; its row (or the count of an equal one of the same window) is written with
   * the next flush, at most a second later. Never throws.
   */
  record(denial: Denial): void;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The ids of a denial row as ObjectIds, by their text: a busy check API denies for the same few
 * organizations, projects, applications and users again and again, and parsing each id anew was a
 * visible share of a denial's cost. ObjectIds are not changed once made, so rows may share them.
 * Bounded: cleared when full.
 */
const objectIds = new Map<string, Types.ObjectId | null>();
const MAX_CACHED_IDS = 10_000;

function objectId(id: string | null): Types.ObjectId | null {
  if (!id) return null;
  let parsed = objectIds.get(id);
  if (parsed === undefined) {
    if (objectIds.size >= MAX_CACHED_IDS) objectIds.clear();
    parsed = Types.ObjectId.isValid(id) ? new Types.ObjectId(id) : null;
    objectIds.set(id, parsed);
  }
  return parsed;
}

/** A window's denials of one kind: the first one, when it came, and how many came in all. */
interface Pending {
  denial: Denial;
  at: number;
  count: number;
}

/**
 * What makes two denials the same row: everything the row records except the moment. Free text
 * (the resource's type and id, the action, the address, the user agent) is written with its length
 * first, so no two different denials can give the same key, whatever characters they hold.
 */
function keyOf(denial: Denial): string {
  const { decision, resource } = denial;
  let policies = '';
  for (const policy of decision.matched_policies) policies += `${policy.id},`;
  const text = (value: string | null | undefined) =>
    value === null || value === undefined ? '-' : `${value.length}:${value}`;
  return (
    `${denial.organizationId}|${denial.projectId}|${denial.applicationId}|${denial.subjectId}|` +
    `${denial.callerId}|${denial.tokenId}|${decision.reason}|${policies}|${text(denial.action)}` +
    `${text(resource.type)}${text(resource.id)}${text(denial.ip)}${text(denial.userAgent)}`
  );
}

/**
 * The activity-log row of `count` equal denials, the first recorded at `at` (its _id and
 * created_at are of that moment).
 */
function rowOf({ denial, at, count }: Pending): Record<string, unknown> {
  return {
    _id: new Types.ObjectId(Types.ObjectId.generate(Math.floor(at / 1000))),
    action: DENIED_ACTION,
    resource_type: 'policy',
    resource_id: denial.decision.matched_policies[0]?.id ?? null,
    metadata: {
      action: denial.action,
      reason: denial.decision.reason,
      policies: denial.decision.matched_policies.map((policy) => policy.id),
      resource: { type: denial.resource.type ?? null, id: denial.resource.id ?? null },
      caller_id: denial.callerId,
      ...(denial.tokenId ? { via: 'api_token', token_id: denial.tokenId } : {}),
      count,
    },
    endpoint: null,
    method: null,
    status_code: 200,
    response_time_ms: null,
    ip_address: denial.ip,
    sdk_version: null,
    user_agent: denial.userAgent,
    user_id: objectId(denial.subjectId),
    anonymous_user_id: null,
    installation_id: null,
    organization_id: objectId(denial.organizationId),
    project_id: objectId(denial.projectId),
    application_id: objectId(denial.applicationId),
    source: 'platform',
    created_at: new Date(at),
  };
}

/**
 * Denied checks become `authorization.denied` rows of the activity log (organization, project,
 * application, the subject as user_id; action, reason, deny policies and `count` in metadata), so
 * denials are counted and listed like any other activity. Checks only add to the current window
 * (the rows waiting for the next write); once a second one unordered insert writes it — nothing
 * on the request path waits for it. Equal denials within one window (the same subject, caller,
 * action, resource, decision, address and user agent: a partner's server asking the same question
 * again) are one row whose `metadata.count` says how many there were, created at the first: the
 * number of denials is the sum of `count`, and a busy check API writes a row per distinct denial
 * and second, not one per request.
 */
export function createDenialRecorder(deps: {
  insertMany(rows: Array<Record<string, unknown>>): Promise<void>;
  logger: Logger;
}): DenialRecorder {
  let pending = new Map<string, Pending>();
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    writing = writing.then(async () => {
      const window = pending;
      pending = new Map();
      if (dropped > 0) {
        deps.logger.warn({ dropped }, 'authorization denials dropped, the database did not keep up');
        dropped = 0;
      }
      if (window.size === 0) return;
      const rows: Array<Record<string, unknown>> = [];
      for (const entry of window.values()) rows.push(rowOf(entry));
      try {
        await deps.insertMany(rows);
      } catch (error) {
        deps.logger.error({ err: error, rows: rows.length }, 'could not write authorization denials');
      }
    });
    return writing;
  }

  return {
    record(denial) {
      const key = keyOf(denial);
      const known = pending.get(key);
      if (known) {
        known.count += 1;
        return;
      }
      if (pending.size >= MAX_PENDING) {
        dropped += 1;
        return;
      }
      // The row is put together when it is written: the check only keeps what it decided, and when.
      pending.set(key, { denial, at: Date.now(), count: 1 });
      if (!timer) {
        timer = setInterval(() => void flush(), FLUSH_INTERVAL_MS);
        timer.unref();
      }
    },
    flush,
    async close() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
