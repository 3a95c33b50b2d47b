import type { Database } from '../../db/connect.js';
import type { DatabaseWrites } from './health.service.js';

/** The driver's answer to `serverStatus`, as far as this module reads it. */
interface AdminCommand {
  command(
    command: Record<string, unknown>,
    options?: { timeoutMS?: number },
  ): Promise<Record<string, unknown>>;
}

/**
 * Whether the database takes writes. The embedded server (embedded-db/README.md, "A full disk") reports in
 * `serverStatus` under `embedded.writes` whether it refuses writes, with `{state: 'refused', codeName:
 * 'OutOfDiskSpace', errmsg}` while its disk is full; a real MongoDB is not asked (its serverStatus has no such
 * field and is heavier). A failing question counts as accepted: reachability is isDatabaseUp's part.
 */
export async function databaseWritesOf(
  database: Pick<Database, 'kind' | 'connection'>,
): Promise<DatabaseWrites> {
  if (database.kind !== 'embedded' || !database.connection.db) return { refused: false };
  const admin = database.connection.db.admin() as unknown as AdminCommand;
  try {
    const status = await admin.command({ serverStatus: 1 }, { timeoutMS: 2_000 });
    return writesFromServerStatus(status);
  } catch {
    return { refused: false };
  }
}

export function writesFromServerStatus(status: Record<string, unknown>): DatabaseWrites {
  const writes = (status.embedded as { writes?: Record<string, unknown> } | undefined)?.writes;
  if (writes?.state !== 'refused') return { refused: false };
  return {
    refused: true,
    reason: 'out_of_disk_space',
    message:
      typeof writes.errmsg === 'string' ? writes.errmsg : 'the database refuses writes: its disk is full',
  };
}
