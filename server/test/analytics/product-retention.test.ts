import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { createApplication } from '../projects/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  newId,
  type TrackedTenant,
} from '../tracking/helpers.js';
import type { TrackingRecord } from '../../src/modules/telemetry/index.js';

const DAY = 86_400_000;

/**
 * Retention, lifecycle and stickiness (issue #35) on activity seeded through the analytics
 * recorder's writeBatch (the code every SDK ingest's flush runs), day by day over 8 weeks —
 * a known grid with exact numbers.
 *
 * Week W0 starts on Monday M, six weeks before this week. Who was active when (days after M):
 *   a4: −7, 14        a1: 0, 7, 21       a2: 1, 15
 *   u1 (registered): 2, 8                a3: 9, 16, 23      a5: 23
 * Each anonymous id aK comes with its installation iK; u1 has none. `purchase` events: i1 on day 7,
 * i3 on day 16.
 */
describe('product analytics: retention, lifecycle and stickiness on a seeded grid', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  let applicationId: string;
  let monday: number;

  const read = (path: string, query: Record<string, string>) =>
    ctx.request
      .get(`/api/v1/analytics/${path}`)
      .query({ application_id: applicationId, ...query })
      .set(bearer(alice.user.access_token));
  const week = (n: number) => new Date(monday + n * 7 * DAY).toISOString();

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'retention-alice');
    // A fresh application: nothing but the seed counts in it.
    applicationId = (await createApplication(ctx, alice.user, alice.projectId)).id;
    const today = Math.floor(Date.now() / DAY) * DAY;
    const thisMonday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
    monday = thisMonday - 6 * 7 * DAY;
    const application = {
      _id: new Types.ObjectId(applicationId),
      project_id: new Types.ObjectId(alice.projectId),
      organization_id: new Types.ObjectId(alice.organizationId),
    };
    const people = Object.fromEntries(
      ['a1', 'a2', 'a3', 'a4', 'a5'].map((name) => [
        name,
        { anonymous: newId('anon_'), installation: newId('inst_') },
      ]),
    );
    const user = String(new Types.ObjectId());
    const days: Record<string, number[]> = {
      a4: [-7, 14],
      a1: [0, 7, 21],
      a2: [1, 15],
      a3: [9, 16, 23],
      a5: [23],
    };
    const tracking: TrackingRecord[] = [];
    for (const [name, list] of Object.entries(days))
      for (const day of list)
        tracking.push({
          application,
          at: new Date(monday + day * DAY + 3_600_000),
          anonymousIds: [people[name]!.anonymous],
          installationIds: [people[name]!.installation],
        });
    for (const day of [2, 8])
      tracking.push({ application, at: new Date(monday + day * DAY), userIds: [user] });
    for (const [name, day] of [
      ['a1', 7],
      ['a3', 16],
    ] as const) {
      const at = new Date(monday + day * DAY + 7_200_000);
      tracking.push({
        application,
        at,
        installationIds: [people[name]!.installation],
        events: [{ event: 'purchase', timestamp: at, installation_id: people[name]!.installation }],
      });
    }
    await ctx.services.analyticsRecorder.writeBatch({ tracking });
  });
  after(() => ctx.close());

  it('answers a weekly retention grid of first-seen cohorts', async () => {
    const body = (await read('retention', { period: 'week', periods: '4', to: week(3) }).expect(200)).body;
    expect(body).to.deep.equal({
      period: 'week',
      periods: 4,
      unit: 'users',
      cohort: 'first_seen',
      return_event: null,
      cohorts: [
        // a1, a2, u1: back in W1 a1 and u1, in W2 a2, in W3 a1
        { start: week(0), size: 3, returned: [3, 2, 1, 1] },
        { start: week(1), size: 1, returned: [1, 1, 1] },
        // a4 was first seen before the grid: W2 has nobody new
        { start: week(2), size: 0, returned: [0, 0] },
        { start: week(3), size: 1, returned: [1] },
      ],
    });
  });

  it('counts installations, registered users (sign-up cohorts) or a chosen returning event', async () => {
    const installations = (
      await read('retention', { period: 'week', periods: '4', to: week(3), unit: 'installations' }).expect(
        200,
      )
    ).body;
    expect(installations.cohorts.map((c: { returned: number[] }) => c.returned)).to.deep.equal([
      [2, 1, 1, 1],
      [1, 1, 1],
      [0, 0],
      [1],
    ]);
    const signup = (
      await read('retention', { period: 'week', periods: '4', to: week(3), cohort: 'signup' }).expect(200)
    ).body;
    expect(signup.cohorts.map((c: { returned: number[] }) => c.returned)).to.deep.equal([
      [1, 1, 0, 0],
      [0, 0, 0],
      [0, 0],
      [0],
    ]);
    const purchase = (
      await read('retention', { period: 'week', periods: '4', to: week(3), return_event: 'purchase' }).expect(
        200,
      )
    ).body;
    expect(purchase.unit).to.equal('installations');
    // i1 (W0 cohort) bought in W1; i3 (W1 cohort) in W2.
    expect(purchase.cohorts.map((c: { returned: number[] }) => c.returned)).to.deep.equal([
      [2, 1, 0, 0],
      [1, 1, 0],
      [0, 0],
      [1],
    ]);
    const daily = (
      await read('retention', {
        period: 'day',
        periods: '3',
        to: new Date(monday + 2 * DAY).toISOString(),
      }).expect(200)
    ).body;
    expect(daily.cohorts).to.deep.equal([
      { start: week(0), size: 1, returned: [1, 0, 0] },
      { start: new Date(monday + DAY).toISOString(), size: 1, returned: [1, 0] },
      { start: new Date(monday + 2 * DAY).toISOString(), size: 1, returned: [1] },
    ]);
  });

  it('classifies each week’s users as new, returning, resurrecting or dormant', async () => {
    const body = (await read('lifecycle', { period: 'week', periods: '4', to: week(3) }).expect(200)).body;
    expect(body).to.deep.equal({
      period: 'week',
      unit: 'users',
      periods: [
        { start: week(0), active: 3, new: 3, returning: 0, resurrecting: 0, dormant: 1 },
        { start: week(1), active: 3, new: 1, returning: 2, resurrecting: 0, dormant: 1 },
        { start: week(2), active: 3, new: 0, returning: 1, resurrecting: 2, dormant: 2 },
        { start: week(3), active: 3, new: 1, returning: 1, resurrecting: 1, dormant: 2 },
      ],
    });
  });

  it('answers DAU, WAU, MAU and DAU ÷ MAU for a day', async () => {
    const date = new Date(monday + 23 * DAY).toISOString().slice(0, 10);
    const body = (await read('stickiness', { date }).expect(200)).body;
    // Day 23: a3, a5. Days 17–23: a1, a3, a5. Days −6–23: everyone but a4's day −7 → all six.
    expect(body).to.deep.equal({
      date,
      unit: 'users',
      dau: 2,
      wau: 3,
      mau: 6,
      dau_mau: 0.3333,
      // 12 user-days over 30 days
      avg_dau: 0.4,
      avg_dau_mau: 0.0667,
    });
    const installations = (await read('stickiness', { date, unit: 'installations' }).expect(200)).body;
    expect(installations).to.include({ dau: 2, wau: 3, mau: 5 });
  });

  it('exports the grid and the lifecycle as CSV', async () => {
    const grid = (
      await read('retention', { period: 'week', periods: '4', to: week(3), format: 'csv' }).expect(200)
    ).text;
    expect(
      grid
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).to.deep.equal([
      'start,size,period_0,period_1,period_2,period_3',
      `${week(0)},3,3,2,1,1`,
      `${week(1)},1,1,1,1,`,
      `${week(2)},0,0,0,,`,
      `${week(3)},1,1,,,`,
    ]);
    const lifecycle = (
      await read('lifecycle', { period: 'week', periods: '2', to: week(3), format: 'csv' }).expect(200)
    ).text;
    expect(
      lifecycle
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).to.deep.equal([
      'start,active,new,returning,resurrecting,dormant',
      `${week(2)},3,0,1,2,2`,
      `${week(3)},3,1,1,1,2`,
    ]);
  });
});
