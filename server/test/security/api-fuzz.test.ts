import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import fc from 'fast-check';
import supertest, { type Response, type Test } from 'supertest';
import { buildOpenApiDocument } from '../../src/openapi-document.js';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, login, signedInUser } from '../auth/helpers.js';
import { createApplication, createTenant, createToken, type Tenant, type User } from '../tokens/helpers.js';

/**
 * Property-based fuzzing of every operation in the OpenAPI document: wrong types, huge strings, deep
 * nesting, bad percent-encodings in path parameters, wrong content types, bad gzip, invalid JSON,
 * arrays for objects and `__proto__` keys — anonymous, with a session JWT and with a `cs_` admin
 * token. Whatever arrives, the answer is below 500, and every error is `{error, code, details?}`.
 *
 * Fixed seed and bounded runs: the same requests every time (a failure names the seed, path and
 * shrunk counterexample), 10–20 s on two cores. To explore further locally, run it with other
 * values, e.g. `FUZZ_SEED=7 FUZZ_RUNS=100 npx mocha test/security/api-fuzz.test.ts`.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 1_804_289_383);
const RUNS_PER_MODE = Number(process.env.FUZZ_RUNS ?? 10);

type Mode = 'anonymous' | 'session' | 'token';
const MODES: Mode[] = ['anonymous', 'session', 'token'];

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  maxLength?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}

interface Operation {
  parameters?: Array<{ in: 'path' | 'query' | 'header'; name: string; schema?: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One generated request, printable as a counterexample. */
interface FuzzRequest {
  path: string;
  query: string;
  headers: Record<string, string>;
  body: { contentType?: string; contentEncoding?: string; payload?: string | Buffer };
  credential: 'none' | 'valid' | string;
}

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const HEX = [...'0123456789abcdef'];
const PRINTABLE = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i));

const objectIdArb = fc.string({ unit: fc.constantFrom(...HEX), minLength: 24, maxLength: 24 });
const printableArb = (maxLength = 40) => fc.string({ unit: fc.constantFrom(...PRINTABLE), maxLength });

/** Percent-encodings no UTF-8 decoder accepts: truncated, non-hex, overlong, surrogates. */
const BAD_ENCODINGS = [
  '%E0%A4%A',
  '%',
  '%ZZ',
  '%C0%AF',
  '%ED%A0%80',
  '%FF',
  '%E0%A4',
  'a%2',
  '%%41',
  '%u0041',
];
const SPECIAL_WORDS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '$where',
  '$gt',
  '..',
  '.',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e308',
  '000000000000000000000000',
  'ffffffffffffffffffffffff',
  'aaaaaaaaaaaa',
  ' ',
  'ä',
  '😀',
  '\u0000',
];

/** A huge string of one repeated character (or chunk), so generating it costs nothing. */
const hugeStringArb = (max: number) =>
  fc
    .tuple(fc.constantFrom('x', 'ä', '😀', '%', '<script>', '\u0000', ' '), fc.integer({ min: 1000, max }))
    .map(([chunk, length]) => chunk.repeat(Math.ceil(length / chunk.length)));

/** `[[[…]]]` or `{"a":{"a":…}}` nested up to thousands of levels. */
const deepNestingArb = fc
  .tuple(fc.boolean(), fc.integer({ min: 50, max: 4000 }))
  .map(([arrays, depth]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** Prototype-pollution payloads, as JSON text (JSON.parse makes `__proto__` an own property). */
const PROTO_PAYLOADS = [
  '{"__proto__":{"polluted":true,"isAdmin":true,"role":"admin"}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"__proto__":[]}',
  '{"__proto__":null}',
  '{"$where":"sleep(1000)","$gt":""}',
  '{"email":{"$ne":null},"password":{"$ne":null}}',
  '{"toString":1,"valueOf":"x","hasOwnProperty":false}',
];

/** Any JSON value whose type is probably wrong for the field. */
const wrongValueArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(...SPECIAL_WORDS),
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER, ''),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.constantFrom(...PROTO_PAYLOADS).map((text) => JSON.parse(text) as unknown),
  hugeStringArb(50_000),
  objectIdArb,
);

// ---------------------------------------------------------------------------------------------
// Values shaped by the document's schemas (so the fuzz gets past the first check), then broken
// ---------------------------------------------------------------------------------------------

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    const name = current.$ref.replace('#/components/schemas/', '');
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** A string a route could accept for a field of this name and schema (ids, slugs, e-mails, …). */
function plausibleStringArb(key: string, s: Schema, knownIds: string[]): fc.Arbitrary<string> {
  if (s.format === 'email' || key === 'email' || key === 'to') return fc.emailAddress();
  if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (s.format === 'uri' || key.endsWith('_url')) return fc.webUrl();
  if (key === 'id' || key.endsWith('_id')) return fc.oneof(fc.constantFrom(...knownIds), objectIdArb);
  if (key === 'slug') return fc.stringMatching(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/);
  const text = fc.oneof(
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
    { weight: 1, arbitrary: printableArb() },
    { weight: 1, arbitrary: fc.constantFrom(...knownIds) },
  );
  return s.maxLength === undefined ? text : text.map((value) => value.slice(0, s.maxLength));
}

/** A value that fits the schema more or less, so the fuzz gets past the first check. */
function plausibleValueArb(
  schema: Schema,
  document: OpenApiDocument,
  knownIds: string[],
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  const s = resolve(schema, document);
  const variants = s.anyOf ?? s.oneOf ?? s.allOf;
  if (variants?.length)
    return fc.oneof(...variants.map((v) => plausibleValueArb(v, document, knownIds, key, depth)));
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'string':
      return plausibleStringArb(key, s, knownIds);
    case 'integer':
      return fc.integer({ min: -10, max: 1000 });
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(plausibleValueArb(s.items ?? {}, document, knownIds, key, depth + 1), {
            minLength: 1,
            maxLength: 3,
          });
    default:
      if (!s.properties || depth > 3) return fc.jsonValue({ maxDepth: 2 });
      return fc.record(
        Object.fromEntries(
          Object.entries(s.properties).map(([name, value]) => [
            name,
            plausibleValueArb(value, document, knownIds, name, depth + 1),
          ]),
        ),
        { requiredKeys: s.required ?? [] },
      );
  }
}

/** Replaces one field of an object (or the whole value) by something of the wrong type. */
function breakOneField([value, wrong, pick]: [unknown, unknown, number]): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return wrong;
  const keys = Object.keys(value);
  if (keys.length === 0) return { [SPECIAL_WORDS[pick % SPECIAL_WORDS.length]!]: wrong };
  return { ...value, [keys[pick % keys.length]!]: wrong };
}

const json = (value: unknown): FuzzRequest['body'] => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
});

/** Bytes that are not what their headers say: invalid JSON, other content types, bad compression. */
function malformedBodyArb(plausible: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzRequest['body']> {
  return fc.oneof(
    deepNestingArb.map((payload) => ({ contentType: 'application/json', payload })),
    fc
      .oneof(
        fc.string(),
        fc.constantFrom('{', '{"a":', '[1,]', "{'a':1}", 'undefined', '{"a":1}}', '\u0000', 'true', '1'),
      )
      .map((payload) => ({ contentType: 'application/json', payload })),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          'application/json; charset=klingon',
          'application/*',
          '*/*',
        ),
        plausible,
      )
      .map(([contentType, value]) => ({ ...json(value), contentType })),
    fc
      .tuple(fc.constantFrom('gzip', 'deflate', 'br', 'compress', 'gzip, gzip', 'identity'), plausible)
      .map(([contentEncoding, value]) => ({ ...json(value), contentEncoding })),
    fc.tuple(plausible, fc.boolean()).map(([value, truncate]) => {
      const zipped = gzipSync(JSON.stringify(value) ?? 'null');
      return {
        contentType: 'application/json',
        contentEncoding: 'gzip',
        payload: truncate ? zipped.subarray(0, Math.max(1, zipped.length - 5)) : zipped,
      };
    }),
  );
}

/** A body for the operation: plausible, plausible with broken fields, or not JSON at all. */
function bodyArb(
  operation: Operation,
  document: OpenApiDocument,
  knownIds: string[],
): fc.Arbitrary<FuzzRequest['body']> {
  const schema = operation.requestBody?.content['application/json']?.schema;
  const plausible = plausibleValueArb(schema ?? { type: 'object' }, document, knownIds);
  const malformed = malformedBodyArb(plausible);
  // Routes without a body mostly get none; a stray body must not upset them either.
  if (!schema)
    return fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: malformed });
  const pick = fc.nat();
  const extraKeys = fc.dictionary(fc.oneof(fc.constantFrom(...SPECIAL_WORDS), fc.string()), wrongValueArb, {
    minKeys: 1,
    maxKeys: 3,
  });
  return fc.oneof(
    { weight: 3, arbitrary: plausible.map(json) },
    { weight: 4, arbitrary: fc.tuple(plausible, wrongValueArb, pick).map(breakOneField).map(json) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(plausible, extraKeys)
        .map(([value, extra]) => json(typeof value === 'object' && value ? { ...value, ...extra } : extra)),
    },
    { weight: 1, arbitrary: fc.array(plausible, { minLength: 1, maxLength: 2 }).map(json) },
    {
      weight: 1,
      arbitrary: fc.tuple(plausible, fc.constantFrom(...PROTO_PAYLOADS)).map(([value, proto]) => ({
        contentType: 'application/json',
        // Own `__proto__` keys survive only in JSON text: spread the object's fields after them.
        payload: `${proto.slice(0, -1)},${(JSON.stringify(value) ?? '{}').replace(/^\{|\}$/g, '') || '"x":1'}}`,
      })),
    },
    { weight: 2, arbitrary: malformed },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** One path segment: a known id, a random one, junk, a bad percent-encoding or a huge string. */
function pathParamArb(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 2, arbitrary: objectIdArb },
    { weight: 3, arbitrary: fc.constantFrom(...BAD_ENCODINGS) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...knownIds), fc.constantFrom(...BAD_ENCODINGS))
        .map(([id, bad]) => id + bad),
    },
    { weight: 2, arbitrary: fc.constantFrom(...SPECIAL_WORDS).map(encodeURIComponent) },
    {
      weight: 2,
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
    },
    // Path, query and headers stay below Node's 16 KiB limit for a request head, which the
    // HTTP server enforces itself (431, before the app runs).
    {
      weight: 1,
      arbitrary: hugeStringArb(4000)
        .map(encodeURIComponent)
        .map((s) => s.slice(0, 3000)),
    },
  );
}

function queryArb(operation: Operation, knownIds: string[]): fc.Arbitrary<string> {
  const declared = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  const keyArb = fc.oneof(
    ...(declared.length ? [fc.constantFrom(...declared)] : []),
    fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'limit[$gt]', 'a[b][c]', '$where'),
    printableArb(10).map(encodeURIComponent),
  );
  const valueArb = fc.oneof(
    fc.constantFrom(...knownIds),
    objectIdArb,
    fc.integer({ min: -1000, max: 1_000_000 }).map(String),
    fc.constantFrom('', '1e308', '-0', 'NaN', 'true', '2020-13-45', '9999-12-31T23:59:59Z', ...BAD_ENCODINGS),
    fc.constantFrom(...SPECIAL_WORDS).map(encodeURIComponent),
    fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeURIComponent),
    hugeStringArb(3000).map((s) => encodeURIComponent(s).slice(0, 3000)),
  );
  return fc
    .array(fc.tuple(keyArb, valueArb), { maxLength: 5 })
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join('&'))
    .map((query) => query.slice(0, 4000));
}

function headersArb(operation: Operation, knownIds: string[]): fc.Arbitrary<Record<string, string>> {
  const wantsApplication = (operation.parameters ?? []).some(
    (p) => p.in === 'header' && p.name.toLowerCase() === 'x-application-id',
  );
  const applicationArb = fc.oneof(
    { weight: wantsApplication ? 4 : 1, arbitrary: fc.constantFrom(...knownIds) },
    { weight: 1, arbitrary: objectIdArb },
    { weight: 1, arbitrary: printableArb() },
    { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_WORDS.filter((w) => /^[\x20-\x7e]*$/.test(w))) },
  );
  return fc.record(
    {
      'X-Application-ID': applicationArb,
      Origin: fc.constantFrom('https://evil.example', 'null', 'http://localhost:3000'),
    },
    { requiredKeys: [] },
  );
}

const badCredentialArb = fc.oneof(
  fc.constantFrom(
    'Bearer ',
    'Bearer cs_',
    'Bearer cs_' + 'a'.repeat(64),
    'Bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
    'Basic dXNlcjpwYXNz',
    'bearer',
    'Bearer ' + 'x'.repeat(4000),
  ),
  printableArb(60).map((s) => `Bearer ${s}`),
);

// ---------------------------------------------------------------------------------------------

/** A seed per operation and mode, derived from SEED, so operations do not all draw the same values. */
function seedOf(label: string): number {
  let hash = SEED;
  for (const char of label) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function operationsOf(document: OpenApiDocument): Array<[string, string]> {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => [method, path] as [string, string]),
  );
}

/**
 * An error answer is `{error, code, details?}` — unless the document says this operation answers
 * this status with something else (a page a person opens from a mail link answers HTML).
 */
function documentedAsNonJson(operation: Operation, status: number): boolean {
  const documented = operation.responses?.[String(status)];
  return documented !== undefined && !documented.content?.['application/json'];
}

function expectWellFormed(
  label: string,
  operation: Operation,
  request: FuzzRequest,
  response: Response,
): void {
  const clip = (value: unknown) => String(value ?? '').slice(0, 200);
  const shown = {
    ...request,
    path: clip(request.path),
    query: clip(request.query),
    body: { ...request.body, payload: clip(request.body.payload) },
  };
  const context = `${label}: ${response.status} ${clip(response.text)}\nrequest: ${JSON.stringify(shown)}`;
  expect(response.status, context).to.be.below(500);
  if (
    response.status >= 400 &&
    response.type === 'text/html' &&
    documentedAsNonJson(operation, response.status)
  )
    return;
  if (response.status >= 400) {
    expect(response.type, context).to.equal('application/json');
    expect(response.body, context).to.be.an('object');
    expect(response.body.error, context).to.be.a('string').and.not.equal('');
    expect(response.body.code, context)
      .to.be.a('string')
      .and.match(/^[a-z][a-z0-9_]*$/);
    expect(response.body, context).not.to.have.property('stack');
    // A step-up refusal says which proofs the account can give (the only error with more fields).
    const allowed =
      response.body.code === 'reauthentication_required'
        ? ['error', 'code', 'details', 'methods', 'max_age_seconds']
        : ['error', 'code', 'details'];
    expect(
      Object.keys(response.body).every((key) => allowed.includes(key)),
      context,
    ).to.equal(true);
    if ('details' in response.body) expect(response.body.details, context).to.be.an('array');
  }
}

describe('fuzzing every route of the OpenAPI document: never a 500, always the error shape', function () {
  this.timeout(120_000);

  let ctx: TestContext;
  let server: http.Server;
  let request: ReturnType<typeof supertest>;
  let document: OpenApiDocument;
  let tenant: Tenant;
  let knownIds: string[];
  let session: User;
  let adminToken: string;
  /** A 2xx may have ended the credentials (logout, revoke, …): check them before the next use. */
  const maybeEnded = { session: false, token: false };

  async function credentialFor(mode: Mode): Promise<string | undefined> {
    if (mode === 'session') {
      if (maybeEnded.session) {
        const me = await request.get('/api/v1/auth/me').set(bearer(session.access_token));
        // Signed out (logout, ended sessions): sign the owner in again, or someone new if that fails.
        if (me.status !== 200) {
          const { email, password } = tenant.user;
          session = await login(ctx, email, password)
            .then((tokens) => ({ ...tenant.user, ...tokens }))
            .catch(() => signedInUser(ctx, 'fuzz-session'));
        }
        maybeEnded.session = false;
      }
      return session.access_token;
    }
    if (mode === 'token') {
      if (maybeEnded.token) {
        const me = await request.get('/api/v1/auth/me').set(bearer(adminToken));
        // Its application may have been deleted or its organization deactivated: start afresh.
        if (me.status !== 200) {
          const fresh = await createTenant(ctx, 'fuzz-token');
          adminToken = (await createToken(ctx, fresh.user, fresh.applicationId, { scopes: ['admin'] })).token;
        }
        maybeEnded.token = false;
      }
      return adminToken;
    }
    return undefined;
  }

  function send(method: string, fuzz: FuzzRequest, authorization: string | undefined): Test {
    const url = fuzz.query ? `${fuzz.path}?${fuzz.query}` : fuzz.path;
    let test = (request as unknown as Record<string, (url: string) => Test>)[method]!(url);
    const headers: Record<string, string> = { ...fuzz.headers };
    if (authorization) headers.Authorization = authorization;
    if (fuzz.body.contentType) headers['Content-Type'] = fuzz.body.contentType;
    if (fuzz.body.contentEncoding) headers['Content-Encoding'] = fuzz.body.contentEncoding;
    test = test.set(headers);
    // Bytes as generated: superagent would otherwise serialise them itself.
    if (fuzz.body.payload !== undefined) test = test.serialize((data) => data).send(fuzz.body.payload);
    return test;
  }

  before(async () => {
    ctx = await createAuthContext({ LOCKOUT_THRESHOLD: '1000' });
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    request = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    document = ctx.app.locals.openApiDocument as OpenApiDocument;

    // The session and the admin token are the owner's, so known ids reach deep into the routes;
    // a second application and token are there to be destroyed.
    tenant = await createTenant(ctx, 'fuzz-owner');
    const spare = await createApplication(ctx, tenant.user, tenant.projectId, 'Spare');
    session = tenant.user;
    adminToken = (await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['admin'] })).token;
    const member = (
      await request
        .get(`/api/v1/organizations/${tenant.organizationId}/members`)
        .set(bearer(tenant.user.access_token))
    ).body.data[0].id as string;
    const otherToken = (await createToken(ctx, tenant.user, spare, { scopes: ['read'] })).id;
    // A pending invitation of the owner's into another organization, for /invitations/{id}/….
    const inviter = await createTenant(ctx, 'fuzz-inviter');
    const invitation = (
      await request
        .post(`/api/v1/organizations/${inviter.organizationId}/members`)
        .set(bearer(inviter.user.access_token))
        .send({ email: tenant.user.email })
    ).body.id as string;
    knownIds = [
      tenant.organizationId,
      tenant.projectId,
      tenant.applicationId,
      spare,
      member,
      otherToken,
      tenant.user.user.id,
      invitation,
    ];
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  // Mocha defines tests synchronously, before `ctx` exists: the operations are listed from the
  // same document built without a database (as for the clients' types); the first test checks
  // that it is the document `ctx` serves, so no route is left out.
  const operations = operationsOf(buildOpenApiDocument() as OpenApiDocument);

  it('fuzzes exactly the operations of the served document', () => {
    expect(operationsOf(document)).to.deep.equal(operations);
  });
  for (const [method, template] of operations) {
    it(`${method.toUpperCase()} ${template}`, async () => {
      const operation = document.paths[template]![method]!;
      const pathArb = fc.array(pathParamArb(knownIds), { minLength: 4, maxLength: 4 }).map((values) => {
        let index = 0;
        return template.replace(/\{\w+\}/g, () => values[index++]!);
      });
      const requestArb = fc.record({
        path: pathArb,
        query: queryArb(operation, knownIds),
        headers: headersArb(operation, knownIds),
        body: bodyArb(operation, document, knownIds),
        credential: fc.oneof(
          { weight: 4, arbitrary: fc.constant('valid') },
          { weight: 1, arbitrary: fc.constant('none') },
          { weight: 1, arbitrary: badCredentialArb },
        ),
      });
      for (const [index, mode] of MODES.entries()) {
        await fc.assert(
          fc.asyncProperty(requestArb, async (fuzz) => {
            // Anonymous mode sends no credential or a bad one; the others mostly their valid one.
            const authorization =
              fuzz.credential === 'none'
                ? undefined
                : fuzz.credential !== 'valid'
                  ? fuzz.credential
                  : mode === 'anonymous'
                    ? undefined
                    : `Bearer ${await credentialFor(mode)}`;
            const response = await send(method, fuzz, authorization);
            if (response.status < 300 && mode !== 'anonymous') maybeEnded[mode] = true;
            expectWellFormed(`${mode} ${method.toUpperCase()} ${template}`, operation, fuzz, response);
            // The `__proto__` payloads must not have reached Object.prototype of this process.
            const probe = {} as Record<string, unknown>;
            expect([probe.polluted, probe.isAdmin, probe.role], 'Object.prototype polluted').to.deep.equal([
              undefined,
              undefined,
              undefined,
            ]);
          }),
          { seed: seedOf(`${index} ${method} ${template}`), numRuns: RUNS_PER_MODE },
        );
      }
    });
  }
});
