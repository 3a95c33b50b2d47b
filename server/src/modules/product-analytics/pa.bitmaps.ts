import mongoose, { type Connection } from 'mongoose';
import { analyticsModels, populationCount, type ActiveBitmaps, type KeyKind } from '../telemetry/index.js';
import type { ResolvedScope, Unit } from './pa.types.js';

/**
 * A set of identities as the activity bitmaps hold them: `kind:word` → 32 bits. Kinds are kept
 * apart (a registered user and an anonymous id with the same number are two identities).
 */
export type Bits = Map<string, number>;

/** The bitmap kinds a unit counts: people as the summary counts them, or installations. */
export const UNIT_KINDS: Record<Unit, readonly KeyKind[]> = {
  users: ['user', 'anonymous'],
  installations: ['installation'],
};

export function bitsOf(doc: ActiveBitmaps, kinds: readonly KeyKind[]): Bits {
  const bits: Bits = new Map();
  for (const kind of kinds) {
    const bitmap = doc[kind];
    if (bitmap) for (const word in bitmap) if (bitmap[word]) bits.set(`${kind}:${word}`, bitmap[word]!);
  }
  return bits;
}

/** target ∪= other (target changed and returned). */
export function orInto(target: Bits, other: Bits): Bits {
  for (const [word, value] of other) target.set(word, (target.get(word) ?? 0) | value);
  return target;
}

export function and(a: Bits, b: Bits): Bits {
  const out: Bits = new Map();
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const [word, value] of small) {
    const both = value & (large.get(word) ?? 0);
    if (both) out.set(word, both);
  }
  return out;
}

/** a \ b */
export function andNot(a: Bits, b: Bits): Bits {
  const out: Bits = new Map();
  for (const [word, value] of a) {
    const rest = value & ~(b.get(word) ?? 0);
    if (rest) out.set(word, rest);
  }
  return out;
}

export const count = (bits: Bits) => populationCount(bits.values());

/** The bit of identity number n of a kind. */
export function addBit(bits: Bits, kind: KeyKind, n: number): void {
  const word = `${kind}:${n >>> 5}`;
  bits.set(word, (bits.get(word) ?? 0) | (1 << (n & 31)));
}

export interface DayBits {
  t: Date;
  bits: Bits;
}

/**
 * The scope's daily activity bitmaps before `end`, oldest first, as sets of the unit's kinds. All
 * of them (as far back as ROLLUP_RETENTION_DAYS keeps them, at most 400 documents): an identity's
 * first-seen day needs everything before.
 */
export async function readDays(
  connection: Connection,
  scope: ResolvedScope,
  kinds: readonly KeyKind[],
  end: Date,
  from?: Date,
): Promise<DayBits[]> {
  const { Active } = analyticsModels(connection);
  const projection: Record<string, 0 | 1> = { _id: 0, t: 1 };
  for (const kind of kinds) projection[kind] = 1;
  const docs = await Active.day
    .find(
      {
        scope: scope.scope,
        scope_id: scope.scopeId,
        granularity: 'day',
        t: mongoose.trusted(from ? { $gte: from, $lt: end } : { $lt: end }),
      },
      projection,
    )
    .sort({ t: 1 })
    .lean<ActiveBitmaps[]>();
  return docs.map((doc) => ({ t: doc.t, bits: bitsOf(doc, kinds) }));
}

/** The hourly bitmaps in [from, end) of the scope (alerts' short windows). */
export async function readHours(
  connection: Connection,
  scope: ResolvedScope,
  kinds: readonly KeyKind[],
  from: Date,
  end: Date,
): Promise<Bits> {
  const { Active } = analyticsModels(connection);
  const docs = await Active.hour
    .find({
      scope: scope.scope,
      scope_id: scope.scopeId,
      granularity: 'hour',
      t: mongoose.trusted({ $gte: from, $lt: end }),
    })
    .lean<ActiveBitmaps[]>();
  const union: Bits = new Map();
  for (const doc of docs) orInto(union, bitsOf(doc, kinds));
  return union;
}
