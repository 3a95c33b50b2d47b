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
}

export async function getHealth(deps: HealthDependencies, now = Date.now()): Promise<Health> {
  const dbUp = await deps.isDatabaseUp();
  const writes: DatabaseWrites =
    dbUp && deps.databaseWrites ? await deps.databaseWrites() : { refused: false };
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
