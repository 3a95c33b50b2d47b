import type { Health } from './health.schemas.js';

export interface HealthDependencies {
  version: string;
  startedAt: number;
  isDatabaseUp(): Promise<boolean>;
}

export async function getHealth(deps: HealthDependencies, now = Date.now()): Promise<Health> {
  const dbUp = await deps.isDatabaseUp();
  return {
    status: dbUp ? 'ok' : 'degraded',
    version: deps.version,
    uptime_s: Math.floor((now - deps.startedAt) / 1000),
    db: { status: dbUp ? 'up' : 'down' },
  };
}
