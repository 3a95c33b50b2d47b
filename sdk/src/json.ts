/** What the ingest API accepts for event properties and activity metadata (else it refuses the whole request). */
const MAX_BYTES = 32 * 1024;
const MAX_NESTING = 8;
const BAD_KEY = /^\$|\.|\0|^(__proto__|constructor|prototype)$/;

function keysAcceptable(node: unknown, depth: number): boolean {
  if (depth > MAX_NESTING) return false;
  if (Array.isArray(node)) return node.every((item) => keysAcceptable(item, depth + 1));
  if (!node || typeof node !== 'object') return true;
  return Object.entries(node).every(
    ([key, value]) => key.length <= 128 && !BAD_KEY.test(key) && keysAcceptable(value, depth + 1),
  );
}

/**
 * A JSON copy of `value` if it is an object the server will store (≤ 32 KB, ≤ 8 levels, no keys
 * starting with "$" or containing "."), else undefined. The copy also means a caller who mutates
 * the object afterwards does not change the queued event.
 */
export function toJsonObject(value: unknown): Record<string, unknown> | undefined {
  try {
    const json = JSON.stringify(value);
    // UTF-8 length, also where TextEncoder is missing (each %XX is one byte).
    if (json?.[0] !== '{' || encodeURIComponent(json).replace(/%../g, '.').length > MAX_BYTES)
      return undefined;
    const copy = JSON.parse(json);
    return keysAcceptable(copy, 0) ? copy : undefined;
  } catch {
    return undefined; // circular, BigInt, a throwing toJSON …
  }
}
