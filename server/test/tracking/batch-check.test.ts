/**
 * The hand-written check of POST /analytics batches (issue #38; modules/telemetry/ingest.batch-check.ts)
 * against the zod schema it stands in for: every batch it accepts, zod accepts with the same result
 * (unknown keys dropped, timestamps as the same Dates, properties the very object sent); every batch zod
 * refuses, it leaves to zod (undefined), so the route's 400s keep zod's messages. Runs in process, no
 * server: the route itself is covered by analytics.test.ts and malformed.test.ts.
 */
import { expect } from 'chai';
import { quickParseBatch } from '../../src/modules/telemetry/ingest.batch-check.js';
import { AnalyticsBatchSchema } from '../../src/modules/telemetry/ingest.schemas.js';

/** zod's own verdict (`parse` is not routed through the quick check; only `safeParse` is). */
function zodParse(body: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: AnalyticsBatchSchema.parse(body) };
  } catch {
    return { ok: false };
  }
}

/** Drops keys whose value is undefined, so "absent" and "undefined" compare equal. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, plain(v)]),
    );
  return value;
}

const event = (extra: Record<string, unknown> = {}) => ({ event: 'page_view', ...extra });
const batch = (events: unknown[], extra: Record<string, unknown> = {}) => ({ events, ...extra });
const nested = (levels: number): Record<string, unknown> =>
  levels === 0 ? { leaf: 1 } : { a: nested(levels - 1) };

const VALID: Array<[string, unknown]> = [
  ['one bare event', batch([event()])],
  ['500 events', batch(Array.from({ length: 500 }, (_, i) => event({ id: `evt_${i}` })))],
  ['ids, properties, timestamps', batch([event({ id: 'evt_1', properties: { a: 1, b: [1, 'x', null] } })])],
  ['ISO with Z', batch([event({ timestamp: '2030-01-31T12:00:00.000Z' })])],
  ['ISO without offset (UTC)', batch([event({ timestamp: '2030-01-31T12:00' })])],
  ['ISO with +02:00 and nanoseconds', batch([event({ timestamp: '2030-01-31T12:00:00.123456789+02:00' })])],
  ['ISO with +0200, lower-case t/z', batch([event({ timestamp: '2030-01-31t12:00:00z' })])],
  ['epoch ms', batch([event({ timestamp: 1_900_000_000_000 })])],
  ['epoch 0 and the maximum', batch([event({ timestamp: 0 }), event({ timestamp: 8.64e15 })])],
  [
    'nulls everywhere',
    batch([event({ id: null, properties: null, timestamp: null })], { session_info: null }),
  ],
  ['unknown keys dropped', batch([event({ extra: 1 })], { other: true })],
  [
    'session info',
    batch([event()], {
      session_info: { session_id: 'sess_abcdefgh', installation_id: 'inst_12345678', x: 1 },
    }),
  ],
  ['session info with nulls', batch([event()], { session_info: { session_id: null } })],
  ['an empty session info', batch([event()], { session_info: {} })],
  ['event name of 200', batch([event({ event: 'e'.repeat(200) })])],
  ['id of 128', batch([event({ id: '!'.repeat(128) })])],
  ['properties nested 7 deep', batch([event({ properties: nested(7) })])],
  ['properties with a key of 128', batch([event({ properties: { ['k'.repeat(128)]: 1 } })])],
  ['properties just under 32 KB', batch([event({ properties: { s: 'x'.repeat(32 * 1024 - 20) } })])],
];

const INVALID: Array<[string, unknown]> = [
  ['not an object', []],
  ['null', null],
  ['no events', {}],
  ['events not a list', { events: {} }],
  ['empty events', batch([])],
  ['501 events', batch(Array.from({ length: 501 }, () => event()))],
  ['an event that is a string', batch(['page_view'])],
  ['an event that is a list', batch([['page_view']])],
  ['no event name', batch([{ id: 'evt_1' }])],
  ['an empty event name', batch([event({ event: '' })])],
  ['an event name of 201', batch([event({ event: 'e'.repeat(201) })])],
  ['an event name that is a number', batch([event({ event: 5 })])],
  ['an empty id', batch([event({ id: '' })])],
  ['an id with a space', batch([event({ id: 'evt 1' })])],
  ['an id of 129', batch([event({ id: '!'.repeat(129) })])],
  ['an id that is a number', batch([event({ id: 5 })])],
  ['properties a list', batch([event({ properties: [1] })])],
  ['properties a string', batch([event({ properties: 'x' })])],
  ['a $ key', batch([event({ properties: { $where: 1 } })])],
  ['a dotted key', batch([event({ properties: { 'a.b': 1 } })])],
  ['a NUL in a key', batch([event({ properties: { 'a\u0000': 1 } })])],
  ['a key of 129', batch([event({ properties: { ['k'.repeat(129)]: 1 } })])],
  ['__proto__ key', batch([event({ properties: JSON.parse('{"__proto__":{"x":1}}') as unknown })])],
  ['constructor key deep down', batch([event({ properties: { a: [{ constructor: 1 }] } })])],
  ['nested 9 deep', batch([event({ properties: nested(9) })])],
  ['over 32 KB', batch([event({ properties: { s: 'x'.repeat(32 * 1024) } })])],
  ['a timestamp in words', batch([event({ timestamp: 'yesterday' })])],
  ['an impossible date', batch([event({ timestamp: '2024-13-45T25:61:00Z' })])],
  [
    'a timestamp over 40 characters',
    batch([event({ timestamp: `2030-01-31T12:00:00.123456789+02:00${' '.repeat(6)}` })]),
  ],
  ['a fractional epoch', batch([event({ timestamp: 1.5 })])],
  ['a negative epoch', batch([event({ timestamp: -1 })])],
  ['an epoch beyond dates', batch([event({ timestamp: 8.64e15 + 1 })])],
  ['a timestamp that is an object', batch([event({ timestamp: { $date: 1 } })])],
  ['session info a string', batch([event()], { session_info: 'sess_abcdefgh' })],
  ['a short session id', batch([event()], { session_info: { session_id: 'sess_abc' } })],
  ['a session id with another prefix', batch([event()], { session_info: { session_id: 'inst_abcdefgh' } })],
  [
    'an installation id that is an operator',
    batch([event()], { session_info: { installation_id: { $ne: null } } }),
  ],
  ['one bad event among good ones', batch([event(), event(), event({ event: '' })])],
];

describe('analytics batch check (ingest.batch-check.ts) against the zod schema', () => {
  for (const [name, body] of VALID)
    it(`accepts ${name} with zod's result`, () => {
      const zod = zodParse(body);
      expect(zod.ok, 'zod accepts the fixture').to.equal(true);
      const quick = quickParseBatch(body);
      expect(quick, 'the quick check accepts it').to.not.equal(undefined);
      expect(plain(quick)).to.deep.equal(plain((zod as { value: unknown }).value));
      // properties are stored as sent: the same object, not a copy
      const sent = (body as { events: Array<{ properties?: unknown }> }).events;
      quick!.events.forEach((e, i) => {
        if (sent[i]?.properties) expect(e.properties).to.equal(sent[i]?.properties);
      });
    });

  for (const [name, body] of INVALID)
    it(`leaves ${name} to zod, which refuses it`, () => {
      expect(zodParse(body).ok, 'zod refuses the fixture').to.equal(false);
      expect(quickParseBatch(body)).to.equal(undefined);
    });

  it('the route validator (safeParse) answers valid batches through the quick check and invalid ones through zod', () => {
    const ok = AnalyticsBatchSchema.safeParse(batch([event({ timestamp: 0 })]));
    expect(ok.success).to.equal(true);
    expect((ok.data as { events: Array<{ timestamp: Date }> }).events[0]?.timestamp).to.be.instanceOf(Date);
    const refused = AnalyticsBatchSchema.safeParse(batch([event({ event: '' })]));
    expect(refused.success).to.equal(false);
    expect(refused.error?.issues[0]?.message).to.equal('Event name is required.');
  });
});
