/**
 * The events `bench:ingest` sends (bench-ingest-load.ts) and pre-fills (bench-ingest.ts) with.
 */
import { randomBytes } from 'node:crypto';

export type IdStyle = 'sdk' | 'random' | 'sequential';

export function isIdStyle(value: string): value is IdStyle {
  return value === 'sdk' || value === 'random' || value === 'sequential';
}

/**
 * `count` event ids no other event of the runs uses: as the SDKs make them (`evt_`, the time in ms as 12
 * hex digits, 20 random hex digits: sorted by creation time), with `random` 32 random hex digits (the SDKs
 * before 2026-11-23, or any client's random ids), with `sequential` counting up within a batch (the ids of
 * the benchmark before then). The random digits of all `count` ids come from one call: the load generator
 * shares the machine with the server and should spend little of it.
 */
export function eventIds(style: IdStyle, run: string, sequence: number, count: number): string[] {
  if (style === 'sequential') return Array.from({ length: count }, (_, i) => `evt_${run}_${sequence}_${i}`);
  const randomHexDigits = style === 'sdk' ? 20 : 32;
  const random = randomBytes((randomHexDigits / 2) * count).toString('hex');
  const time = style === 'sdk' ? Date.now().toString(16).padStart(12, '0') : '';
  return Array.from(
    { length: count },
    (_, i) => `evt_${time}${random.slice(i * randomHexDigits, (i + 1) * randomHexDigits)}`,
  );
}

/** A batch of `size` events for POST /api/v1/analytics, with ids no other batch uses. */
export function batchBody(style: IdStyle, run: string, sequence: number, size: number): string {
  const timestamp = new Date().toISOString();
  const events = eventIds(style, run, sequence, size).map(
    (id, i) =>
      `{"id":"${id}","event":"page_view","timestamp":"${timestamp}","properties":{"path":"/p/${i % 50}","ref":"bench"}}`,
  );
  return `{"events":[${events.join(',')}],"session_info":{"session_id":"sess_${run}${String(sequence % 100).padStart(8, '0')}","installation_id":"inst_bench${String(sequence % 1000).padStart(8, '0')}"}}`;
}
