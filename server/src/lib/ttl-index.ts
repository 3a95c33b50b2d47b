import type { Collection, Connection } from 'mongoose';

/** MongoDB's IndexOptionsConflict: an index of that name exists with other options. */
const INDEX_OPTIONS_CONFLICT = 85;

/**
 * Creates the TTL index `name` on `field`, or — when it exists with another expireAfterSeconds (a
 * changed retention setting) — alters it with collMod, or where that is not available (the
 * embedded server) drops and rebuilds it. Retention comes from configuration, so schemas cannot
 * declare these indexes themselves.
 */
export async function ensureTtlIndex(
  connection: Connection,
  collection: Collection,
  options: { field: string; name: string; expireAfterSeconds: number },
): Promise<void> {
  const { field, name, expireAfterSeconds } = options;
  const create = () => collection.createIndex({ [field]: 1 }, { name, expireAfterSeconds });
  try {
    await create();
  } catch (error) {
    if ((error as { code?: number }).code !== INDEX_OPTIONS_CONFLICT) throw error;
    try {
      await connection.db!.command({
        collMod: collection.collectionName,
        index: { name, expireAfterSeconds },
      });
    } catch {
      await collection.dropIndex(name);
      await create();
    }
  }
}
