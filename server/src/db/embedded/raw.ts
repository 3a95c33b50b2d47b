/**
 * Stored documents sent as they are stored. A find whose plan reads exactly the matching documents (an exact
 * key range or no filter, the order delivered by the scan, no projection) needs neither to decode them nor to
 * encode them again: the reply carries the stored BSON bytes, which already hold the exact numeric types.
 */
import { serialize } from 'bson';
import type { Doc } from './values.js';

/** A document kept as its stored BSON bytes. */
export class RawDocument {
  constructor(readonly bytes: Buffer) {}
}

const ENCODE_OPTIONS = { ignoreUndefined: true, checkKeys: false } as const;

function batchKey(cursor: Doc): 'firstBatch' | 'nextBatch' | undefined {
  if (Array.isArray(cursor.firstBatch)) return 'firstBatch';
  if (Array.isArray(cursor.nextBatch)) return 'nextBatch';
  return undefined;
}

/** The elements of a serialized document (without its length prefix and terminating zero). */
function elementsOf(doc: Doc): Buffer {
  const bytes = serialize(doc, ENCODE_OPTIONS);
  return Buffer.from(bytes.buffer, bytes.byteOffset + 4, bytes.length - 5);
}

function documentOf(parts: Buffer[]): Buffer {
  const size = 4 + parts.reduce((n, p) => n + p.length, 0) + 1;
  const head = Buffer.alloc(4);
  head.writeInt32LE(size, 0);
  return Buffer.concat([head, ...parts, Buffer.alloc(1)], size);
}

function element(type: number, key: string, value: Buffer): Buffer {
  return Buffer.concat([Buffer.from([type]), Buffer.from(key + '\0', 'utf8'), value]);
}

/**
 * Serializes a reply; a cursor batch holding raw documents is assembled around their bytes (the cursor first,
 * like mongod: `{cursor: {firstBatch|nextBatch, id, ns}, …}`). Undefined when the reply holds none.
 */
export function serializeWithRawBatch(body: Doc): Buffer | undefined {
  const cursor = body.cursor as Doc | undefined;
  if (!cursor || typeof cursor !== 'object') return undefined;
  const key = batchKey(cursor);
  const batch = key ? (cursor[key] as unknown[]) : [];
  if (!key || !batch.some((d) => d instanceof RawDocument)) return undefined;
  const items = batch.map((d, i) =>
    element(
      0x03,
      String(i),
      d instanceof RawDocument ? d.bytes : Buffer.from(serialize(d as Doc, ENCODE_OPTIONS)),
    ),
  );
  const { [key]: _batch, ...cursorRest } = cursor;
  const { cursor: _cursor, ...rest } = body;
  const cursorDoc = documentOf([element(0x04, key, documentOf(items)), elementsOf(cursorRest)]);
  return documentOf([element(0x03, 'cursor', cursorDoc), elementsOf(rest)]);
}
