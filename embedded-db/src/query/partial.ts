/**
 * Matching without decoding whole documents. A filter that names only some top-level fields is tested
 * against a document made of just those fields: their elements are copied out of the stored BSON into a
 * small document and decoded exactly as a whole one would be (same decoder, same numeric types). A scan
 * that reads 7,500 log entries to find 500 containing a search term then decodes three strings of each
 * instead of twenty fields, and only the matching entries are decoded whole.
 */
import type { Doc } from '../bson/values.js';

/** Operators at the top of a filter that combine filters (their operands are filters themselves). */
const COMBINING = new Set(['$and', '$or', '$nor']);

/** The names of `filterFields` as UTF-8 bytes, as selectFields compares them. */
export function fieldNames(fields: ReadonlySet<string>): Buffer[] {
  return [...fields].map((field) => Buffer.from(field, 'utf8'));
}

/**
 * The top-level fields a filter reads, or null when it may read any (`$expr`, `$where`, `$text`,
 * `$jsonSchema` and the like look at the whole document).
 */
export function filterFields(filter: Doc): Set<string> | null {
  const fields = new Set<string>();
  const visit = (f: Doc): boolean => {
    for (const [key, value] of Object.entries(f)) {
      if (key === '$comment') continue;
      if (COMBINING.has(key)) {
        if (!Array.isArray(value)) return false;
        for (const part of value) if (!part || typeof part !== 'object' || !visit(part as Doc)) return false;
        continue;
      }
      if (key.startsWith('$')) return false;
      fields.add(key.split('.')[0]!);
    }
    return true;
  };
  return visit(filter) ? fields : null;
}

/** Bytes of a BSON element's value of `type` starting at `at` (the spec's sizes). */
export function valueSize(buf: Buffer, type: number, at: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // UTC datetime
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // JavaScript code
    case 0x0e: // symbol
      return 4 + buf.readInt32LE(at);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return buf.readInt32LE(at);
    case 0x05: // binary: length, subtype, bytes
      return 5 + buf.readInt32LE(at);
    case 0x06: // undefined
    case 0x0a: // null
    case 0x7f: // max key
    case 0xff: // min key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regular expression: two C strings
      const pattern = buf.indexOf(0, at);
      return buf.indexOf(0, pattern + 1) + 1 - at;
    }
    case 0x0c: // DBPointer: string, then 12 bytes
      return 4 + buf.readInt32LE(at) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      return -1;
  }
}

/**
 * A BSON document holding only the named top-level elements of `doc` (in their stored order), or null
 * when the document cannot be walked (an element type this walker does not know): then decode it whole.
 */
export function selectFields(doc: Buffer, names: readonly Buffer[]): Buffer | null {
  const parts: Buffer[] = [];
  let size = 5;
  const walked = walkElements(doc, (_type, start, nameEnd, _valueAt, next) => {
    if (names.some((name) => nameIs(doc, start, nameEnd, name))) {
      parts.push(doc.subarray(start, next));
      size += next - start;
    }
    return true;
  });
  if (!walked) return null;
  const out = Buffer.allocUnsafe(size);
  out.writeInt32LE(size, 0);
  let offset = 4;
  for (const part of parts) offset += part.copy(out, offset);
  out[offset] = 0;
  return out;
}

/**
 * Walks the top-level elements of a BSON document: `visit` gets each element's type, where it starts (its
 * type byte), where its name ends (the NUL), where its value starts and where the next element starts, and
 * stops the walk by returning false. False when an element cannot be walked (a type this walker does not
 * know, a name without its end).
 */
export function walkElements(
  doc: Buffer,
  visit: (type: number, start: number, nameEnd: number, valueAt: number, next: number) => boolean,
): boolean {
  const end = doc.readInt32LE(0) - 1;
  let at = 4;
  while (at < end) {
    const type = doc[at]!;
    const nameEnd = doc.indexOf(0, at + 1);
    if (nameEnd < 0) return false;
    const length = valueSize(doc, type, nameEnd + 1);
    if (length < 0) return false;
    const next = nameEnd + 1 + length;
    if (!visit(type, at, nameEnd, nameEnd + 1, next)) return true;
    at = next;
  }
  return true;
}

/** Whether the element starting at `start` is named `name` (UTF-8 bytes; compared without making a string). */
export function nameIs(doc: Buffer, start: number, nameEnd: number, name: Uint8Array): boolean {
  if (nameEnd - start - 1 !== name.length) return false;
  for (let i = 0; i < name.length; i++) if (doc[start + 1 + i] !== name[i]) return false;
  return true;
}
