import { MongoBulkWriteError } from 'mongodb';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';

/**
 * The positions an unordered insertMany refused because a unique index held them already (E11000):
 * the rest was stored. Any other failure is thrown again.
 */
export function duplicatePositions(error: unknown): Set<number> {
  const writeErrors = error instanceof MongoBulkWriteError ? [error.writeErrors].flat() : [];
  if (writeErrors.length === 0 || !writeErrors.every(isDuplicateKey)) throw error;
  return new Set(writeErrors.map((writeError) => writeError.index));
}
