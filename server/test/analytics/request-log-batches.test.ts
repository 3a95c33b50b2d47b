import { expect } from 'chai';
import { Types } from 'mongoose';
import type { CommandStartedEvent } from 'mongodb';
import type { RequestRecord } from '../../src/modules/telemetry/request-log.types.js';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';

/**
 * The request log's writes (modules/telemetry/request-log.recorder.ts, issue #38): rows go out in
 * inserts of 200 as soon as that many wait — a row kept for a second outlives the young
 * generation's collections — while their counters gather and are written once for many batches
 * (once a second, or per 1,000 rows), each counter write being a bulk of upserts.
 */
describe('request log: rows in small inserts, counters in one write for many', () => {
  let ctx: MonitoredContext;
  /** Documents per insert into activity_logs, and the counter writes (analytics_rollups), in order. */
  let inserts: number[];
  let counterWrites: number;

  before(async () => {
    ctx = await monitoredContext({ env: { REQUEST_LOGGING: 'true' } });
    ctx.database.connection.getClient().on('commandStarted', (event: CommandStartedEvent) => {
      if (event.commandName === 'insert' && event.command.insert === 'activity_logs')
        inserts.push((event.command.documents as unknown[]).length);
      if (event.commandName === 'update' && event.command.update === 'analytics_rollups') counterWrites += 1;
    });
  });
  after(() => ctx.close());

  beforeEach(() => {
    inserts = [];
    counterWrites = 0;
  });

  const owner = {
    application_id: String(new Types.ObjectId()),
    project_id: String(new Types.ObjectId()),
    organization_id: String(new Types.ObjectId()),
  };
  const row = (index: number): RequestRecord => ({
    created_at: new Date(),
    method: 'POST',
    endpoint: '/api/v1/verify',
    status_code: index % 10 === 0 ? 401 : 200,
    response_time_ms: 2,
    ip_address: '127.0.0.1',
    user_agent: 'batches-test',
    user_id: null,
    ...owner,
  });

  async function waitFor(check: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`still waiting; inserts ${JSON.stringify(inserts)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Rows logged 25 per turn of the event loop, as requests finish under load. */
  async function logRows(count: number): Promise<void> {
    const recorder = ctx.services.analyticsRecorder;
    for (let i = 0; i < count; i++) {
      recorder.logRequest(row(i));
      if (i % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('inserts rows about 200 at a time without waiting for the second, and counts every one of them', async () => {
    await logRows(450);
    // No flush asked for: the recorder's own batches (a batch takes what waits when it starts).
    await waitFor(() => inserts.length >= 2);
    expect(inserts[0]).to.be.within(200, 250);
    await ctx.services.analyticsRecorder.flush();
    expect(inserts.reduce((sum, n) => sum + n, 0)).to.equal(450);
    expect(Math.max(...inserts)).to.be.at.most(250);
    // The counters of those inserts went out in fewer writes than the inserts (with the timer's
    // flush and the explicit one), not with each batch.
    expect(counterWrites).to.be.within(1, inserts.length - 1);
    const rollup = await ctx.database.connection.collection('analytics_rollups').findOne({
      scope: 'application',
      scope_id: new Types.ObjectId(owner.application_id),
      granularity: 'hour',
    });
    expect(rollup).to.include({ requests: 450, errors: 45 });
  });
});
