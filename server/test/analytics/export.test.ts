import { expect } from 'chai';
import { parse as parseCsv } from 'csv-parse/sync';
import { ObjectId } from 'mongodb';
import mongoose from 'mongoose';
import type { Response } from 'superagent';
import type { Test } from 'supertest';
import type { TestContext } from '../helpers/context.js';
import { bearer, signedInUser } from '../auth/helpers.js';
import { createToken, createTenant, type Tenant } from '../tokens/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  type TrackedTenant,
} from '../tracking/helpers.js';

const HOUR_MS = 3_600_000;
const SEEDED = 1_200;
const HOSTILE = ['=HYPERLINK("https://evil.example","Klick")', '+1+2', '-3+4', '@SUM(A1:A2)'];
const COLUMNS = [
  'id',
  'created_at',
  'action',
  'resource_type',
  'resource_id',
  'metadata',
  'endpoint',
  'method',
  'status_code',
  'response_time_ms',
  'ip_address',
  'sdk_version',
  'user_agent',
  'user_id',
  'anonymous_user_id',
  'installation_id',
  'organization_id',
  'project_id',
  'application_id',
  'source',
];

/** A complete activity_logs document of an application, as the request logger writes them. */
function apiRow(tenant: Tenant, index: number, at: Date) {
  return {
    _id: new ObjectId(),
    created_at: at,
    action: `GET /api/v1/items/:id`,
    resource_type: 'api',
    resource_id: null,
    metadata: {},
    endpoint: '/api/v1/items/:id',
    method: 'GET',
    status_code: index % 10 === 0 ? 500 : 200,
    response_time_ms: index % 50,
    ip_address: '203.0.113.9',
    sdk_version: null,
    user_agent: 'seed',
    user_id: null,
    anonymous_user_id: null,
    installation_id: null,
    organization_id: new ObjectId(tenant.organizationId),
    project_id: new ObjectId(tenant.projectId),
    application_id: new ObjectId(tenant.applicationId),
  };
}

/** Reads the whole body as text, whatever the content type (supertest only buffers known text types). */
function asText(request: Test): Test {
  return request.buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => (text += chunk));
    res.on('end', () => done(null, text));
  });
}

describe('GET /api/v1/activity-logs/export: every matching entry as CSV or NDJSON', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  let bob: Tenant;
  /** What Alice's application logged in the last 7 days, newest first. */
  let expectedIds: string[];

  const exportAs = (token: string, query: Record<string, string>) =>
    asText(ctx.request.get('/api/v1/activity-logs/export').query(query).set(bearer(token)));
  const csvRows = (response: Response) =>
    parseCsv(response.body as string, { bom: true, columns: true }) as Record<string, string>[];

  before(async function () {
    this.timeout(60_000); // seeding: over a thousand rows, SDK calls and the list read page by page
    ctx = await createTrackingContext({ REQUEST_LOGGING: 'false' });
    alice = await createTrackedTenant(ctx, 'alice');
    bob = await createTenant(ctx, 'bob');
    const now = Date.now();
    await ctx.database.connection
      .collection('activity_logs')
      .insertMany([
        ...Array.from({ length: SEEDED }, (_, i) => apiRow(alice, i, new Date(now - 60_000 - i * 400_000))),
        apiRow(alice, 0, new Date(now - 10 * 24 * HOUR_MS)),
        apiRow(bob, 0, new Date(now - 60_000)),
      ]);
    // What an attacker can send through the public SDK endpoint: cells a spreadsheet would run.
    for (const [i, value] of HOSTILE.entries())
      await ingest(
        ctx,
        '/activity',
        alice.applicationId,
        {
          action: value,
          resource_type: 'component',
          resource_id: value,
          metadata: { note: 'a "quoted", multi-\nline text; äöü', n: i },
        },
        { 'User-Agent': "=cmd|' /C calc'!A0" },
      ).expect(201);
    const listed = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: alice.applicationId, period: '7d', limit: 500, include_total: 'true' })
      .set(bearer(alice.user.access_token))
      .expect(200);
    expect(listed.body.total).to.be.greaterThan(SEEDED);
    expectedIds = [];
    let cursor: string | null = null;
    do {
      const page = await ctx.request
        .get('/api/v1/activity-logs')
        .query({
          application_id: alice.applicationId,
          period: '7d',
          limit: 500,
          ...(cursor ? { cursor } : {}),
        })
        .set(bearer(alice.user.access_token))
        .expect(200);
      expectedIds.push(...(page.body.data as { id: string }[]).map((row) => row.id));
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
  });
  after(() => ctx.close());

  it('streams every entry of the filter as a CSV download, not only the first 500', async () => {
    const response = await exportAs(alice.user.access_token, {
      application_id: alice.applicationId,
      period: '7d',
    }).expect(200);
    expect(response.headers['content-type']).to.equal('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).to.match(
      /^attachment; filename="?activity-logs-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv"?$/,
    );
    // Streamed: sent in chunks as it is read, with no length known up front.
    expect(response.headers['transfer-encoding']).to.equal('chunked');
    expect((response.body as string).charCodeAt(0), 'UTF-8 byte order mark').to.equal(0xfeff);
    const header = parseCsv(response.body as string, { bom: true, to_line: 1 })[0] as string[];
    expect(header).to.deep.equal(COLUMNS);
    const rows = csvRows(response);
    expect(rows.length).to.be.greaterThan(500);
    expect(rows).to.have.length(SEEDED + HOSTILE.length + 1); // + the application's creation
    expect(rows.map((row) => row.id)).to.deep.equal(expectedIds);
    const seeded = rows.find((row) => row.status_code === '500')!;
    expect(seeded).to.include({
      resource_type: 'api',
      method: 'GET',
      endpoint: '/api/v1/items/:id',
      application_id: alice.applicationId,
      organization_id: alice.organizationId,
      ip_address: '203.0.113.9',
      user_id: '',
    });
    expect(new Date(seeded.created_at!).toISOString()).to.equal(seeded.created_at);
  });

  it('neutralises cells a spreadsheet would run as a formula and keeps quotes and line breaks', async () => {
    const response = await exportAs(alice.user.access_token, {
      application_id: alice.applicationId,
      resource_type: 'component',
    }).expect(200);
    const rows = csvRows(response);
    expect(rows.map((row) => row.action).sort()).to.deep.equal(HOSTILE.map((value) => `'${value}`).sort());
    for (const row of rows) {
      expect(row.resource_id).to.equal(row.action);
      expect(row.user_agent).to.equal("'=cmd|' /C calc'!A0");
      expect(JSON.parse(row.metadata!).note).to.equal('a "quoted", multi-\nline text; äöü');
    }
    // No raw cell of the file starts with a formula character (the one negative number aside).
    const cells = parseCsv(response.body as string, { bom: true }) as string[][];
    for (const cell of cells.flat()) expect(cell, cell).not.to.match(/^[=+@\t\r]|^-(?!\d+$)/);
  });

  it('streams NDJSON: one entry as JSON a line, the same entries as the list', async () => {
    const response = await exportAs(alice.user.access_token, {
      application_id: alice.applicationId,
      period: '7d',
      format: 'ndjson',
    }).expect(200);
    expect(response.headers['content-type']).to.equal('application/x-ndjson; charset=utf-8');
    expect(response.headers['content-disposition']).to.match(/filename="?activity-logs-.*\.ndjson"?$/);
    const text = response.body as string;
    expect(text.endsWith('\n')).to.equal(true);
    const entries = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.length).to.be.greaterThan(500);
    expect(entries.map((entry) => entry.id)).to.deep.equal(expectedIds);
    const hostile = entries.find((entry) => entry.action === HOSTILE[0])!;
    expect(hostile).to.include({ resource_type: 'component', application_id: alice.applicationId });
    expect(hostile.metadata).to.deep.equal({ note: 'a "quoted", multi-\nline text; äöü', n: 0 });
    expect(hostile).not.to.have.property('_id');
  });

  it('applies the list filters: search and period', async () => {
    const searched = await exportAs(alice.user.access_token, {
      application_id: alice.applicationId,
      search: 'HYPERLINK',
      format: 'ndjson',
    }).expect(200);
    expect((searched.body as string).trimEnd().split('\n')).to.have.length(1);
    const all = csvRows(
      await exportAs(alice.user.access_token, { application_id: alice.applicationId, period: 'all' }).expect(
        200,
      ),
    );
    expect(all).to.have.length(expectedIds.length + 1); // + the 10 days old entry
  });

  it("keeps tenants apart: another tenant's organization or application answers 404", async () => {
    for (const query of [
      { organization_id: alice.organizationId } as Record<string, string>,
      { application_id: alice.applicationId },
      { application_id: alice.applicationId, format: 'ndjson' },
    ]) {
      const response = await exportAs(bob.user.access_token, query).expect(404);
      expect(response.headers['content-type']).to.match(/^application\/json/);
      expect(JSON.parse(response.body as string).code).to.match(/not_found$/);
    }
    // Bob's own export holds his entries and none of Alice's.
    const own = csvRows(await exportAs(bob.user.access_token, {}).expect(200));
    expect(own.length).to.be.greaterThan(0);
    for (const row of own) expect(row.organization_id).to.be.oneOf([bob.organizationId, '']);
    expect(JSON.stringify(own)).not.to.contain(alice.applicationId);
    // An API token of Bob's application cannot export Alice's application either.
    const token = await createToken(ctx, bob.user, bob.applicationId, { scopes: ['analytics'] });
    await exportAs(token.token, { application_id: alice.applicationId }).expect(404);
    const viaToken = csvRows(await exportAs(token.token, {}).expect(200));
    for (const row of viaToken) expect(row.organization_id).to.equal(bob.organizationId);
  });

  it('allows 10 exports a minute per account, then answers 429', async () => {
    const carol = await signedInUser(ctx, 'carol');
    for (let i = 0; i < 10; i++) await exportAs(carol.access_token, { format: 'ndjson' }).expect(200);
    const refused = await exportAs(carol.access_token, { format: 'ndjson' }).expect(429);
    expect(JSON.parse(refused.body as string).code).to.equal('rate_limited');
    expect(Number(refused.headers['retry-after'])).to.be.within(1, 60);
    // Another account is not held back by Carol's exports.
    await exportAs(bob.user.access_token, { format: 'ndjson' }).expect(200);
  });

  it('refuses an unknown format (400) and anonymous callers (401)', async () => {
    const response = await exportAs(alice.user.access_token, { format: 'xlsx' }).expect(400);
    const body = JSON.parse(response.body as string);
    expect(body.code).to.equal('validation_failed');
    expect(body.error).to.contain('query.format');
    await ctx.request.get('/api/v1/activity-logs/export').expect(401);
  });
});

describe('GET /api/v1/activity-logs?include_total=true: "Showing X of Y logs"', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  const MANY = 10_050;

  const list = (query: Record<string, string | number>) =>
    ctx.request
      .get('/api/v1/activity-logs')
      .query({ application_id: alice.applicationId, ...query })
      .set(bearer(alice.user.access_token))
      .expect(200);

  before(async function () {
    this.timeout(60_000); // seeding 10,053 rows
    ctx = await createTrackingContext({ REQUEST_LOGGING: 'false' });
    alice = await createTrackedTenant(ctx, 'alice');
    const now = Date.now();
    await ctx.database.connection
      .collection('activity_logs')
      .insertMany([
        ...Array.from({ length: MANY }, (_, i) => apiRow(alice, i, new Date(now - 60_000 - i * 1_000))),
        ...Array.from({ length: 3 }, (_, i) => apiRow(alice, i, new Date(now - 10 * 24 * HOUR_MS - i))),
      ]);
    await ingest(ctx, '/activity', alice.applicationId, {
      action: 'checkout',
      resource_type: 'component',
    }).expect(201);
  });
  after(() => ctx.close());

  it('counts every matching entry beside the page it lists', async () => {
    const page = await list({ period: '7d', limit: 500, include_total: 'true' });
    expect(page.body.data).to.have.length(500);
    expect(page.body.next_cursor).to.be.a('string');
    // + the SDK entry and the application's creation
    expect(page.body).to.include({ total: MANY + 2, total_capped: false });
    expect((await list({ period: 'all', include_total: 'true' })).body.total).to.equal(MANY + 5);
    expect((await list({ resource_type: 'component', include_total: 'true' })).body).to.include({
      total: 1,
      total_capped: false,
    });
  });

  it('counts a search up to 10,000 and says when there are more', async () => {
    expect((await list({ search: 'checkout', include_total: 'true' })).body).to.include({
      total: 1,
      total_capped: false,
    });
    expect((await list({ search: 'items', include_total: 'true' })).body).to.include({
      total: 10_000,
      total_capped: true,
    });
  });

  it('reads a later page as one index range, not every newer row again', async () => {
    // The query the list really sends for page 3, captured from the driver calls, then explained.
    const sent: Array<{ filter: Record<string, unknown>; options: Record<string, unknown> }> = [];
    mongoose.set('debug', (collection: string, method: string, filter: unknown, options: unknown) => {
      if (collection === 'activity_logs' && method === 'find')
        sent.push({ filter: filter as Record<string, unknown>, options: options as Record<string, unknown> });
    });
    try {
      let cursor: string | undefined;
      for (let page = 0; page < 3; page++)
        cursor = (await list({ period: '7d', limit: 500, ...(cursor ? { cursor } : {}) })).body.next_cursor;
    } finally {
      mongoose.set('debug', false);
    }
    const third = sent.at(-1)!;
    const plan = await ctx.database.connection
      .collection('activity_logs')
      .find(third.filter)
      .sort(third.options.sort as Record<string, 1 | -1>)
      .limit(third.options.limit as number)
      .explain('executionStats');
    expect(plan.executionStats.nReturned).to.equal(501);
    expect(plan.executionStats.totalKeysExamined, 'index keys read for page 3').to.be.at.most(505);
  });

  it('leaves the answer as it was without include_total', async () => {
    const page = await list({ limit: 5 });
    expect(Object.keys(page.body).sort()).to.deep.equal(['data', 'next_cursor']);
    await ctx.request
      .get('/api/v1/activity-logs')
      .query({ include_total: 'yes' })
      .set(bearer(alice.user.access_token))
      .expect(400);
  });
});
