import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  PARTNER_ORIGIN,
  type TrackedTenant,
} from '../tracking/helpers.js';
import { EVENT_DAY_MAX_ENTRIES, eventDayModel, readEventDays } from '../../src/modules/telemetry/index.js';
import type { TrackingRecord } from '../../src/modules/telemetry/index.js';

const SDK = { 'X-SDK-Version': 'js-1.4.0', Origin: PARTNER_ORIGIN };
const DAY = 86_400_000;

/** The event days funnels read (analytics_event_days): each stored event once, busy days split. */
describe('product analytics: event days', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'days-alice');
  });
  after(() => ctx.close());

  it('holds each stored event once: a retried batch adds nothing', async () => {
    const visitor = installationBody();
    await ingest(ctx, '/installations', alice.applicationId, visitor, SDK).expect(201);
    const at = new Date(Math.floor(Date.now() / DAY) * DAY - 2 * DAY + 3_600_000).toISOString();
    const batch = {
      events: ['signup', 'login', 'login'].map((event) => ({ id: newId('evt_'), event, timestamp: at })),
      session_info: { session_id: newId('sess_'), installation_id: visitor.installation_id },
    };
    await ingest(ctx, '/analytics', alice.applicationId, batch, SDK).expect(200);
    await ingest(ctx, '/analytics', alice.applicationId, batch, SDK).expect(200);
    await ctx.services.analyticsRecorder.flush();
    const docs = await eventDayModel(ctx.database.connection)
      .find({ a: new Types.ObjectId(alice.applicationId) })
      .sort({ e: 1 })
      .lean();
    expect(docs.map((doc) => [doc.e, doc.n, doc.i, doc.t])).to.deep.equal([
      ['login', 2, [visitor.installation_id, visitor.installation_id], [Date.parse(at), Date.parse(at)]],
      ['signup', 1, [visitor.installation_id], [Date.parse(at)]],
    ]);
  });

  it(`continues a day of more than ${EVENT_DAY_MAX_ENTRIES.toLocaleString('en')} entries in another document and reads them all`, async () => {
    const applicationId = new Types.ObjectId();
    const application = {
      _id: applicationId,
      project_id: new Types.ObjectId(),
      organization_id: new Types.ObjectId(),
    };
    const day = Math.floor(Date.now() / DAY) * DAY - DAY;
    const record = (count: number, offset: number): TrackingRecord => ({
      application,
      at: new Date(day),
      events: Array.from({ length: count }, (_unused, index) => ({
        event: 'page_view',
        timestamp: new Date(day + offset + index),
        installation_id: `inst_${String(offset + index).padStart(32, '0')}`,
      })),
    });
    // Two flushes: 9,000 entries, then 3,000 — the first document has room for 1,000 only.
    await ctx.services.analyticsRecorder.writeBatch({ tracking: [record(9000, 0)] });
    await ctx.services.analyticsRecorder.writeBatch({ tracking: [record(3000, 9000)] });
    const docs = await eventDayModel(ctx.database.connection).find({ a: applicationId }).lean();
    expect(docs.map((doc) => doc.n).sort((a, b) => a - b)).to.deep.equal([3000, 9000]);
    for (const doc of docs) expect(doc.i).to.have.length(doc.n);
    const read = await readEventDays(ctx.database.connection, {
      applicationIds: [applicationId],
      events: ['page_view'],
      from: new Date(day),
      end: new Date(day + DAY),
    });
    expect(read.get('page_view')!.size).to.equal(12_000);
  });
});
