import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  PARTNER_ORIGIN,
  type TrackedTenant,
} from '../tracking/helpers.js';
import { activityLogModel } from '../../src/modules/activity/index.js';

const SDK = { 'X-SDK-Version': 'js-1.4.0', Origin: PARTNER_ORIGIN };
const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;

/**
 * Funnels (issue #35) on events sent through the SDK ingest with their own timestamps, and page
 * views and sessions on page-view entries as the SDK logs them — exact numbers.
 */
describe('product analytics: GET /api/v1/analytics/funnel and /pages on seeded events', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  /** Midnight UTC 20 days ago: the funnel's first steps happen on this day. */
  let d0: number;
  const visitors = Array.from({ length: 5 }, () => installationBody());

  const get = (path: string, query: Record<string, string>) =>
    ctx.request.get(`/api/v1/analytics/${path}`).query({ application_id: alice.applicationId, ...query });
  const asAlice = (path: string, query: Record<string, string>) =>
    get(path, query).set(bearer(alice.user.access_token));

  /** One SDK batch of one installation: events at the given offsets from d0. */
  async function send(visitor: number, events: Array<[string, number, Record<string, unknown>?]>) {
    const batch = {
      events: events.map(([event, offset, properties]) => ({
        id: newId('evt_'),
        event,
        timestamp: new Date(d0 + offset).toISOString(),
        ...(properties ? { properties } : {}),
      })),
      session_info: { session_id: newId('sess_'), installation_id: visitors[visitor]!.installation_id },
    };
    await ingest(ctx, '/analytics', alice.applicationId, batch, SDK).expect(200);
  }

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'funnel-alice');
    d0 = Math.floor(Date.now() / DAY) * DAY - 20 * DAY;
    for (const visitor of visitors)
      await ingest(ctx, '/installations', alice.applicationId, visitor, SDK).expect(201);
    // v0: the whole way, an hour between steps; signed in later (registered).
    await send(0, [
      ['signup', 1 * HOUR, { plan: 'pro' }],
      ['confirmed', 2 * HOUR],
      ['login', 3 * HOUR],
    ]);
    // v1: confirms after 30 minutes, signs in 10 days later — outside the 7-day window.
    await send(1, [
      ['signup', 1 * HOUR, { plan: 'free' }],
      ['confirmed', 1 * HOUR + 30 * MINUTE],
      ['login', 10 * DAY],
    ]);
    // v2: never confirms.
    await send(2, [
      ['signup', 2 * HOUR, { plan: 'pro' }],
      ['login', 3 * HOUR],
    ]);
    // v3: a "confirmed" before signing up does not count; the one two hours after does.
    await send(3, [
      ['confirmed', 1 * HOUR],
      ['signup', 2 * HOUR],
      ['confirmed', 4 * HOUR],
      ['login', 5 * HOUR],
    ]);
    // v4: signs in only (never entered); and a sign-up the next day, outside [from, to).
    await send(4, [
      ['login', 1 * HOUR],
      ['signup', 1 * DAY + HOUR],
    ]);
    // v0 is linked to an account: registered in the breakdown.
    const endUser = await signedInEndUser(ctx, alice.applicationId, { prefix: 'funnel-end' });
    await ingest(
      ctx,
      '/identify',
      alice.applicationId,
      { anonymous_id: visitors[0]!.anonymous_id, installation_id: visitors[0]!.installation_id },
      { ...SDK, Authorization: `Bearer ${endUser.token}` },
    ).expect(200);
  });
  after(() => ctx.close());

  const range = () => ({ from: new Date(d0).toISOString(), to: new Date(d0 + DAY).toISOString() });

  it('counts each step in order within the window: conversion, drop-off, median time, anonymous vs registered', async () => {
    const body = (
      await asAlice('funnel', { steps: 'signup,confirmed,login', window: '7d', ...range() }).expect(200)
    ).body;
    expect(body).to.include({ window_s: 7 * 86_400, from: range().from, to: range().to });
    expect(body.steps).to.deep.equal([
      {
        name: 'signup',
        count: 4,
        conversion: 100,
        conversion_from_previous: null,
        drop_off: 0,
        median_time_s: null,
        registered: 1,
        anonymous: 3,
      },
      {
        // v0 (1 h), v1 (30 min), v3 (2 h): median 1 h
        name: 'confirmed',
        count: 3,
        conversion: 75,
        conversion_from_previous: 75,
        drop_off: 1,
        median_time_s: 3600,
        registered: 1,
        anonymous: 2,
      },
      {
        // v0 and v3, an hour each; v1's sign-in came after the window
        name: 'login',
        count: 2,
        conversion: 50,
        conversion_from_previous: 66.67,
        drop_off: 1,
        median_time_s: 3600,
        registered: 1,
        anonymous: 1,
      },
    ]);
  });

  it('shortens with the window and filters steps by property', async () => {
    const hour = (
      await asAlice('funnel', { steps: 'signup,confirmed,login', window: '1h', ...range() }).expect(200)
    ).body;
    // v0: confirmed at +1 h (within), login at +2 h (not); v1 confirmed at +30 min; v3's at +2 h is too late.
    expect(hour.steps.map((step: { count: number }) => step.count)).to.deep.equal([4, 2, 0]);
    const pro = (
      await asAlice('funnel', { steps: 'signup|plan=pro,login', window: '90m', ...range() }).expect(200)
    ).body;
    // v0 (login 2 h after: too late) and v2 (1 h after).
    expect(pro.steps.map((step: { count: number }) => step.count)).to.deep.equal([2, 1]);
    expect(pro.steps[0].name).to.equal('signup|plan=pro');
  });

  it('exports the steps as CSV', async () => {
    const response = await asAlice('funnel', {
      steps: 'signup,confirmed,login',
      format: 'csv',
      ...range(),
    }).expect(200);
    expect(response.headers['content-type']).to.match(/^text\/csv/);
    expect(response.headers['content-disposition']).to.match(
      /^attachment; filename="?analytics-funnel-[0-9T-]+Z\.csv"?$/,
    );
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).to.equal(
      'name,count,conversion,conversion_from_previous,drop_off,median_time_s,registered,anonymous',
    );
    expect(lines.slice(1)).to.deep.equal([
      'signup,4,100,,0,,1,3',
      'confirmed,3,75,75,1,3600,1,2',
      'login,2,50,66.67,1,3600,1,1',
    ]);
  });

  it('follows the built-in journey: first seen → sign-up → confirmed → first sign-in → second visit', async () => {
    const from = new Date(Date.now() - HOUR);
    // j0: a visitor who signs up, confirms, signs in (linked to the account) and comes back after 40 minutes.
    const j0 = installationBody();
    const j1 = installationBody();
    await ingest(ctx, '/installations', alice.applicationId, j0, SDK).expect(201);
    await ingest(ctx, '/installations', alice.applicationId, j1, SDK).expect(201);
    const endUser = await signedInEndUser(ctx, alice.applicationId, { prefix: 'journey' });
    await ingest(
      ctx,
      '/identify',
      alice.applicationId,
      { anonymous_id: j0.anonymous_id, installation_id: j0.installation_id },
      { ...SDK, Authorization: `Bearer ${endUser.token}` },
    ).expect(200);
    const now = Date.now();
    await activityLogModel(ctx.database.connection).insertMany(
      [now + MINUTE, now + 41 * MINUTE].map((at) => ({
        action: 'page_view',
        resource_type: 'other',
        metadata: { path: '/', url: 'https://shop.example.com/' },
        installation_id: j0.installation_id,
        application_id: new Types.ObjectId(alice.applicationId),
        source: 'sdk',
        created_at: new Date(at),
      })),
    );
    const to = new Date(now + HOUR).toISOString();

    const body = (
      await asAlice('funnel', { steps: 'journey', window: '7d', from: from.toISOString(), to }).expect(200)
    ).body;
    // The five visitors of the seed (v0 linked to another account, which signed up after v0 was
    // first seen, and never came back), j0 and j1.
    expect(
      body.steps.map((step: { name: string; count: number; registered: number }) => [
        step.name,
        step.count,
        step.registered,
      ]),
    ).to.deep.equal([
      ['first_seen', 7, 2],
      ['signup', 2, 2],
      ['confirmed', 2, 2],
      ['first_login', 2, 2],
      ['second_visit', 1, 1],
    ]);
    expect(body.steps[4].median_time_s)
      .to.be.a('number')
      .and.above(40 * 60 - 60)
      .and.below(41 * 60 + 60);
  });
});
