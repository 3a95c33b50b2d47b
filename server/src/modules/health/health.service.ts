import type { Health } from './health.schemas.js';

/** Whether the database takes writes: the embedded server refuses them while its disk is full. */
export type DatabaseWrites =
  { refused: false } | { refused: true; reason: 'out_of_disk_space'; message: string };

export interface HealthDependencies {
  version: string;
  startedAt: number;
  isDatabaseUp(): Promise<boolean>;
  /** Asked when the database is up; without it writes are taken as accepted (see databaseWritesOf). */
  databaseWrites?(): Promise<DatabaseWrites>;
  /** The clock of the probe reuse and the uptime (tests); Date.now by default. */
  now?: () => number;
}

/** What one probe of the database found. */
interface DatabaseState {
  up: boolean;
  writes: DatabaseWrites;
}

async function probeDatabase(deps: HealthDependencies): Promise<DatabaseState> {
  const up = await deps.isDatabaseUp();
  const writes: DatabaseWrites = up && deps.databaseWrites ? await deps.databaseWrites() : { refused: false };
  return { up, writes };
}

/** How long an ok probe answers later checks (ms): a stale "up" is never older than this. */
export const HEALTHY_PROBE_REUSE_MS = 100;

/**
 * Health checks that arrive while a probe of the database is under way take its answer instead of
 * sending their own (a ping, and on the embedded server a serverStatus): under a load balancer's or
 * a benchmark's many concurrent checks the database sees one probe at a time. A probe that found
 * the database up and taking writes also answers the checks of the next 100 ms after it started
 * (HEALTHY_PROBE_REUSE_MS; the ping was ~30 % of a check's CPU); one that found it down or degraded
 * answers only the checks that waited for it, so the next check probes again and a failure is
 * never hidden behind an older "up".
 */
export function createHealthCheck(deps: HealthDependencies): (now?: number) => Promise<Health> {
  const clock = deps.now ?? Date.now;
  let probing: Promise<DatabaseState> | null = null;
  let healthy: { state: DatabaseState; startedAt: number } | null = null;
  return async (now?: number) => {
    const at = now ?? clock();
    if (healthy && at - healthy.startedAt < HEALTHY_PROBE_REUSE_MS && at >= healthy.startedAt)
      return healthOf(deps, healthy.state, at);
    if (!probing) {
      const startedAt = at;
      healthy = null;
      probing = probeDatabase(deps)
        .then(
          (state) => {
            healthy = state.up && !state.writes.refused ? { state, startedAt } : null;
            return state;
          },
          (error: unknown) => {
            healthy = null;
            throw error;
          },
        )
        .finally(() => {
          probing = null;
        });
    }
    return healthOf(deps, await probing, at);
  };
}

export async function getHealth(deps: HealthDependencies, now = Date.now()): Promise<Health> {
  return healthOf(deps, await probeDatabase(deps), now);
}

function healthOf(deps: HealthDependencies, { up: dbUp, writes }: DatabaseState, now: number): Health {
  const db: Health['db'] = !dbUp
    ? { status: 'down' }
    : writes.refused
      ? { status: 'degraded', reason: writes.reason, message: writes.message }
      : { status: 'up' };
  return {
    status: db.status === 'up' ? 'ok' : 'degraded',
    version: deps.version,
    uptime_s: Math.floor((now - deps.startedAt) / 1000),
    db,
  };
}
