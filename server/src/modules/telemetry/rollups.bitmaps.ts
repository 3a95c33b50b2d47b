import type { AnyBulkWriteOperation } from 'mongodb';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import { bitOf, GRANULARITIES, KEY_KINDS, type analyticsModels, type KeyKind } from './rollups.model.js';
import { Deltas } from './rollups.deltas.js';
import { duplicatePositions } from './insert-duplicates.js';

/** Bits already set in their bucket: not sent again while remembered. */
const MAX_SEEN_BITS = 200_000;
/** Identity numbers remembered between flushes (each is a few dozen bytes). */
const MAX_CACHED_IDENTITIES = 500_000;
const LEGACY_KEY_COLLECTIONS = ['analytics_active_keys', 'analytics_active_keys_hourly'];

type RollupModels = ReturnType<typeof analyticsModels>;

/**
 * The numbers of identities: remembered, stored, or handed out now. New ones take a range from
 * the kind's counter and are inserted under the unique (kind, key) index; when another process
 * numbered the same identity first, its number wins and ours stays unused.
 */
function createIdentityNumbering({ IdentityNumbers, IdentityCounters }: RollupModels) {
  /** `kind:key` → identity number; numbers never change, so any process may remember them. */
  const identityNumbers = new Map<string, number>();
  return async function numberIdentities(wanted: Map<KeyKind, Set<string>>): Promise<Map<string, number>> {
    const numbers = new Map<string, number>();
    await Promise.all(
      [...wanted].map(async ([kind, keys]) => {
        const unknown: string[] = [];
        for (const key of keys) {
          const n = identityNumbers.get(`${kind}:${key}`);
          if (n === undefined) unknown.push(key);
          else numbers.set(`${kind}:${key}`, n);
        }
        if (unknown.length === 0) return;
        const remember = (key: string, n: number) => {
          numbers.set(`${kind}:${key}`, n);
          if (identityNumbers.size >= MAX_CACHED_IDENTITIES) identityNumbers.clear();
          identityNumbers.set(`${kind}:${key}`, n);
        };
        const stored = async (list: string[]) => {
          const found = await IdentityNumbers.collection
            .find({ kind, key: { $in: list } }, { projection: { _id: 0, key: 1, n: 1 } })
            .toArray();
          for (const doc of found) remember(doc.key as string, doc.n as number);
          return list.filter((key) => !numbers.has(`${kind}:${key}`));
        };
        const missing = await stored(unknown);
        if (missing.length === 0) return;
        const counter = await IdentityCounters.findOneAndUpdate(
          { _id: kind },
          { $inc: { next: missing.length } },
          { upsert: true, returnDocument: 'after' },
        ).lean();
        const first = counter!.next - missing.length;
        const docs = missing.map((key, index) => ({ kind, key, n: first + index }));
        let numberedElsewhere = new Set<number>();
        try {
          await IdentityNumbers.collection.insertMany(docs, { ordered: false });
        } catch (error) {
          numberedElsewhere = duplicatePositions(error);
        }
        docs.forEach((doc, index) => {
          if (!numberedElsewhere.has(index)) remember(doc.key, doc.n);
        });
        // Another process numbered these first: its numbers count.
        if (numberedElsewhere.size > 0) await stored([...numberedElsewhere].map((index) => docs[index]!.key));
      }),
    );
    return numbers;
  };
}

/** The activity bitmaps: who was active per bucket, one bit per identity number, ORed in. */
export function createBitmapWriter(deps: { connection: Connection; logger: Logger; models: RollupModels }) {
  const { connection, logger } = deps;
  const { Active } = deps.models;
  const seenBits = new Set<string>();
  const numberIdentities = createIdentityNumbering(deps.models);

  /**
   * One `$bit: {or}` upsert per bitmap document that gains bits in this flush. Bits this process
   * has set before (remembered in seenBits) are not sent again; setting them again would be
   * harmless, only wasted work.
   */
  async function bitmapOps(deltas: Deltas) {
    const wanted = new Map<KeyKind, Set<string>>(KEY_KINDS.map((kind) => [kind, new Set<string>()]));
    for (const { identities } of deltas.actives.values())
      for (const kind of KEY_KINDS) for (const key of identities[kind]) wanted.get(kind)!.add(key);
    const numbers = await numberIdentities(wanted);
    const result = {
      hour: { ops: [] as AnyBulkWriteOperation[], bits: [] as string[] },
      day: { ops: [] as AnyBulkWriteOperation[], bits: [] as string[] },
    };
    for (const [name, { key, identities }] of deltas.actives) {
      const bit: Record<string, { or: number }> = {};
      const bits: string[] = [];
      for (const kind of KEY_KINDS) {
        for (const identity of identities[kind]) {
          const n = numbers.get(`${kind}:${identity}`)!;
          const seen = `${name}:${kind}:${n}`;
          if (seenBits.has(seen)) continue;
          bits.push(seen);
          const { word, mask } = bitOf(n);
          const field = `${kind}.${word}`;
          bit[field] = { or: (bit[field]?.or ?? 0) | mask };
        }
      }
      if (bits.length === 0) continue;
      result[key.granularity].bits.push(...bits);
      result[key.granularity].ops.push({
        updateOne: { filter: { ...key }, update: { $bit: bit }, upsert: true },
      });
    }
    return result;
  }

  async function writeBitmaps(deltas: Deltas): Promise<void> {
    const activeOps = await bitmapOps(deltas);
    await Promise.all(
      GRANULARITIES.map((granularity) =>
        activeOps[granularity].ops.length
          ? Active[granularity].collection.bulkWrite(activeOps[granularity].ops, { ordered: false })
          : null,
      ),
    );
    const sent = [...activeOps.hour.bits, ...activeOps.day.bits];
    if (seenBits.size + sent.length > MAX_SEEN_BITS) seenBits.clear();
    for (const bit of sent) seenBits.add(bit);
  }

  /**
   * The first analytics version kept one row per identity and bucket (`analytics_active_keys`,
   * `analytics_active_keys_hourly`). Their rows become bits, then the collections go. Idempotent
   * ($bit:or), so processes starting together may each run it; nothing waits for it.
   */
  async function migrateActiveKeys(): Promise<void> {
    for (const name of LEGACY_KEY_COLLECTIONS) {
      const db = connection.db!;
      if ((await db.listCollections({ name }, { nameOnly: true }).toArray()).length === 0) continue;
      const legacy = db.collection(name);
      let deltas = new Deltas();
      let moved = 0;
      for await (const row of legacy.find({}, { projection: { _id: 0 } })) {
        if (!KEY_KINDS.includes(row.kind) || !GRANULARITIES.includes(row.granularity)) continue;
        deltas.addKey(row.scope, row.scope_id, row.granularity, row.t, row.kind, String(row.key));
        if (++moved % 5000 === 0) {
          await writeBitmaps(deltas);
          deltas = new Deltas();
        }
      }
      await writeBitmaps(deltas);
      await legacy.drop();
      logger.info({ collection: name, moved }, 'analytics: active keys moved into activity bitmaps');
    }
  }

  return { writeBitmaps, migrateActiveKeys };
}
