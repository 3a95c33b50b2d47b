import { Types } from 'mongoose';
import { importedPasswordHash } from '../../lib/passwords/index.js';
import { defaultDisplayName } from '../users/index.js';
import { CSV_ROW_PROBLEM } from './pool-users.csv.js';
import type { PoolUsersKit } from './pool-users.kit.js';
import { ImportRowSchema, type ImportResult, type ImportRow } from './pool-users.schemas.js';
import type { PoolUsersService } from './pool-users.types.js';

const DUPLICATE_KEY = 11000;

interface WriteErrorLike {
  index: number;
  code?: number;
  errmsg?: string;
}

/** The per-row failures of an unordered insertMany (the driver's MongoBulkWriteError), else null. */
function writeErrorsOf(error: unknown): WriteErrorLike[] | null {
  const found = (error as { writeErrors?: WriteErrorLike | WriteErrorLike[] } | null)?.writeErrors;
  if (!found) return null;
  return Array.isArray(found) ? found : [found];
}

/** The address of a row, as far as it can be read, for the error list. */
function emailOf(row: unknown): string | null {
  const email = (row as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : null;
}

/** The first problem of a row, as the error list says it: `field: message`. */
function reasonOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  const issue = issues[0]!;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * POST /projects/{id}/users/import: users from another product, in one unordered bulk insert.
 * Each row is one document, so a row is imported whole or not at all; rows whose address is in
 * the pool already (or earlier in the same request) are skipped; invalid rows are reported with
 * their index and reason while the others import.
 */
export function createPoolUserImport(kit: PoolUsersKit): Pick<PoolUsersService, 'importUsers'> {
  const { Users, deps } = kit;

  return {
    async importUsers(caller, projectId, rows, context, format) {
      const scope = await kit.authorize(caller, projectId, 'pool_user:import');
      const result: ImportResult = { imported: 0, skipped: 0, errors: [] };
      const accepted: Array<{ index: number; row: ImportRow }> = [];
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const problem = (row as Record<string, unknown> | null)?.[CSV_ROW_PROBLEM];
        if (typeof problem === 'string') {
          result.errors.push({ index, email: emailOf(row), reason: problem });
          return;
        }
        const parsed = ImportRowSchema.safeParse(row);
        if (!parsed.success) {
          result.errors.push({ index, email: emailOf(row), reason: reasonOf(parsed.error.issues) });
          return;
        }
        if (seen.has(parsed.data.email)) {
          result.skipped += 1;
          return;
        }
        seen.add(parsed.data.email);
        accepted.push({ index, row: parsed.data });
      });

      // The unique (pool_id, email) index decides which addresses are in the pool already: its
      // refusals (E11000) are the skipped rows. It must exist before the first insert it guards.
      await Users.init();
      // Every field of a new account with the model's defaults, built once: a model document per
      // row would cost more than the insert (10,000 rows: most of a second).
      const { _id: _templateId, ...defaults } = new Users({
        email: 'template@example.com',
        display_name: 'template',
        pool_id: scope.poolId,
      }).toObject({ depopulate: true }) as Record<string, unknown>;
      const createdAt = new Date();
      // Every imported account gets the pool's default role (one read for the whole import).
      defaults.roles = (await deps.defaultRoles?.(scope.poolId)) ?? [];
      const documents = accepted.map(({ row }) => ({
        ...defaults,
        _id: new Types.ObjectId(),
        email: row.email,
        display_name: row.display_name || defaultDisplayName(row.email),
        password_hash: row.password_hash ? importedPasswordHash(row.password_hash) : null,
        is_verified: row.email_verified ?? false,
        pool_id: scope.poolId,
        created_at: createdAt,
      }));
      if (documents.length > 0) {
        try {
          result.imported = (await Users.collection.insertMany(documents, { ordered: false })).insertedCount;
        } catch (error) {
          const failures = writeErrorsOf(error);
          if (!failures) throw error;
          result.imported = documents.length - failures.length;
          for (const failure of failures) {
            const { index, row } = accepted[failure.index]!;
            // Already in the pool (imported before, signed up, or added meanwhile).
            if (failure.code === DUPLICATE_KEY) result.skipped += 1;
            else result.errors.push({ index, email: row.email, reason: 'The row could not be stored.' });
          }
        }
      }
      result.errors.sort((a, b) => a.index - b.index);

      // One entry for the whole import (10,000 entries would bury the trail); addresses are not listed.
      await kit.audit(scope, caller, context, 'user.imported', null, {
        format,
        rows: rows.length,
        imported: result.imported,
        skipped: result.skipped,
        errors: result.errors.length,
      });
      return result;
    },
  };
}
