import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { createTrackedTenant, createTrackingContext, newId, type TrackedTenant } from './helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';

type Route = '/installations' | '/activity' | '/analytics' | '/identify';

/** Bodies as raw JSON text, so `__proto__` keys and odd values arrive exactly as written. */
const deep = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);
const inst = JSON.stringify(newId('inst_'));

const MALFORMED: Record<Route, Array<[string, string]>> = {
  '/installations': [
    ['an array', '[]'],
    ['no installation_id', '{"is_anonymous":true}'],
    ['installation_id a number', '{"installation_id":5}'],
    ['installation_id an operator', '{"installation_id":{"$ne":null}}'],
    ['device_info a string', `{"installation_id":${inst},"device_info":"mac"}`],
    ['color_depth a string', `{"installation_id":${inst},"device_info":{"color_depth":"24"}}`],
    ['color_depth huge', `{"installation_id":${inst},"device_info":{"color_depth":1e308}}`],
    [
      'a user agent of 600 characters',
      `{"installation_id":${inst},"device_info":{"user_agent":"${'u'.repeat(600)}"}}`,
    ],
    ['a timestamp in words', `{"installation_id":${inst},"environment_info":{"timestamp":"yesterday"}}`],
    [
      'an impossible date',
      `{"installation_id":${inst},"environment_info":{"timestamp":"2024-13-45T25:61:00Z"}}`,
    ],
    ['is_anonymous a string', `{"installation_id":${inst},"is_anonymous":"yes"}`],
    ['user_id an object', `{"installation_id":${inst},"user_id":{}}`],
    ['a __proto__ payload', `{"__proto__":{"polluted":true},"installation_id":"inst_"}`],
  ],
  '/activity': [
    ['nothing', '{}'],
    ['an empty action', '{"action":"","resource_type":"other"}'],
    ['an unknown resource type', '{"action":"x","resource_type":"page"}'],
    ['metadata a list', '{"action":"x","resource_type":"other","metadata":[1]}'],
    ['metadata a string', '{"action":"x","resource_type":"other","metadata":"m"}'],
    [
      'an operator key in metadata',
      '{"action":"x","resource_type":"other","metadata":{"$where":"sleep(1)"}}',
    ],
    ['a dotted key in metadata', '{"action":"x","resource_type":"other","metadata":{"a.b":1}}'],
    [
      'a nested __proto__ in metadata',
      '{"action":"x","resource_type":"other","metadata":{"ok":{"__proto__":{"polluted":true}}}}',
    ],
    [
      'a constructor key in metadata',
      '{"action":"x","resource_type":"other","metadata":{"constructor":{"prototype":{"polluted":1}}}}',
    ],
    ['metadata nested 40 deep', `{"action":"x","resource_type":"other","metadata":${deep(40)}}`],
    [
      'metadata over 32 KB',
      `{"action":"x","resource_type":"other","metadata":{"blob":"${'b'.repeat(40_000)}"}}`,
    ],
    ['resource_id a number', '{"action":"x","resource_type":"other","resource_id":7}'],
    [
      'anonymous_user_id of the wrong kind',
      `{"action":"x","resource_type":"other","anonymous_user_id":${inst}}`,
    ],
    ['an action of 101 characters', `{"action":"${'a'.repeat(101)}","resource_type":"other"}`],
  ],
  '/analytics': [
    ['nothing', '{}'],
    ['events an object', '{"events":{}}'],
    ['no events', '{"events":[]}'],
    ['an event a number', '{"events":[1]}'],
    ['an event without a name', '{"events":[{}]}'],
    ['an event name a number', '{"events":[{"event":5}]}'],
    ['an event name of 201 characters', `{"events":[{"event":"${'e'.repeat(201)}"}]}`],
    ['properties a list', '{"events":[{"event":"x","properties":[]}]}'],
    ['an operator key in properties', '{"events":[{"event":"x","properties":{"$gt":1}}]}'],
    [
      'a __proto__ key in properties',
      '{"events":[{"event":"x","properties":{"__proto__":{"polluted":true}}}]}',
    ],
    ['an empty key segment', '{"events":[{"event":"x","properties":{"a":{"b.c":1}}}]}'],
    ['a timestamp in words', '{"events":[{"event":"x","timestamp":"soon"}]}'],
    ['a negative timestamp', '{"events":[{"event":"x","timestamp":-5}]}'],
    ['a fractional timestamp', '{"events":[{"event":"x","timestamp":1.5}]}'],
    ['a timestamp too large for a date', '{"events":[{"event":"x","timestamp":1e300}]}'],
    ['an id with spaces', '{"events":[{"event":"x","id":"has space"}]}'],
    ['an id of 129 characters', `{"events":[{"event":"x","id":"${'i'.repeat(129)}"}]}`],
    ['session_info a string', '{"events":[{"event":"x"}],"session_info":"s"}'],
    ['a bare inst_ prefix', '{"events":[{"event":"x"}],"session_info":{"installation_id":"inst_"}}'],
    ['properties nested 40 deep', `{"events":[{"event":"x","properties":${deep(40)}}]}`],
  ],
  '/identify': [
    ['nothing', '{}'],
    ['an anonymous id a number', '{"anonymous_id":5}'],
    ['an installation id of the wrong kind', `{"installation_id":${JSON.stringify(newId('anon_'))}}`],
    ['an operator', '{"anonymous_id":{"$ne":null}}'],
  ],
};

/** Not JSON at all, or not what the headers say. */
const UNREADABLE: Array<[string, string, string]> = [
  ['truncated JSON', 'application/json', '{"events":['],
  ['JSON null', 'application/json', 'null'],
  ['a JSON string', 'application/json', '"inst_x"'],
  ['a JSON number', 'application/json', '42'],
  ['JSON with a trailing comma', 'application/json', '{"events":[],}'],
  ['text', 'text/plain', '{"events":[{"event":"x"}]}'],
  ['a form', 'application/x-www-form-urlencoded', 'events=1'],
  ['UTF-16 claimed', 'application/json; charset=utf-16', '{}'],
];

describe('tracking ingest: malformed bodies get a 4xx with details, never a 5xx', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  let embeddingToken: string;

  const post = (path: Route, contentType: string, payload: string) => {
    const request = ctx.request
      .post(`/api/v1${path}`)
      .set({ 'X-Application-ID': tenant.applicationId, 'Content-Type': contentType });
    if (path === '/identify') request.set('Authorization', `Bearer ${embeddingToken}`);
    return request.send(payload);
  };

  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx);
    // An end user of the application's pool, signed in through it as the SDK's auth client does.
    embeddingToken = (await signedInEndUser(ctx, tenant.applicationId)).token;
  });
  after(() => ctx.close());

  for (const [path, cases] of Object.entries(MALFORMED) as Array<[Route, Array<[string, string]>]>) {
    it(`${path}: ${cases.length} malformed bodies → 400 naming the field`, async () => {
      const problems: string[] = [];
      for (const [name, payload] of cases) {
        const response = await post(path, 'application/json', payload);
        const body = response.body as { error?: unknown; code?: unknown; details?: Array<{ path: string }> };
        if (response.status !== 400)
          problems.push(`${name}: ${response.status} ${response.text.slice(0, 200)}`);
        else if (body.code !== 'validation_failed' || typeof body.error !== 'string' || !body.details?.length)
          problems.push(`${name}: ${response.text.slice(0, 200)}`);
        else if (!body.details.every((detail) => detail.path.startsWith('body')))
          problems.push(`${name}: details ${JSON.stringify(body.details)}`);
      }
      expect(problems).to.deep.equal([]);
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').to.equal(undefined);
    });
  }

  it('answers unreadable bodies with 400 in the error shape', async () => {
    const problems: string[] = [];
    for (const path of Object.keys(MALFORMED) as Route[]) {
      for (const [name, contentType, payload] of UNREADABLE) {
        const response = await post(path, contentType, payload);
        if (
          response.status !== 400 ||
          typeof response.body.code !== 'string' ||
          typeof response.body.error !== 'string'
        )
          problems.push(`${path} ${name}: ${response.status} ${response.text.slice(0, 200)}`);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('stores nothing from any of them, while a well-formed request right after is stored', async () => {
    const db = ctx.database.connection;
    expect(await db.collection('analytics_events').countDocuments()).to.equal(0);
    expect(await db.collection('installations').countDocuments()).to.equal(0);
    expect(await db.collection('activity_logs').countDocuments({ action: 'x' })).to.equal(0);
    await post('/analytics', 'application/json', '{"events":[{"event":"x"}]}').expect(200);
    await post('/activity', 'application/json', '{"action":"x","resource_type":"other"}').expect(201);
    expect(await db.collection('analytics_events').countDocuments()).to.equal(1);
    expect(await db.collection('activity_logs').countDocuments({ action: 'x' })).to.equal(1);
  });
});
