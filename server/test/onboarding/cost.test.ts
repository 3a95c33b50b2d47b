import { expect } from 'chai';
import { bearer, signedInUser } from '../auth/helpers.js';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';
import { createApplication, createOrganization, createProject } from '../projects/helpers.js';
import { ingest, installationBody, newId } from '../tracking/helpers.js';

/**
 * The checklist is read on every visit of the dashboard: what one read costs the database, counted
 * in commands (not time). Each step is one indexed existence query; raw events are never read.
 */
describe('first-run checklist: the database work of one read', () => {
  let ctx: MonitoredContext;
  before(async () => {
    ctx = await monitoredContext({
      env: { INGEST_RATE_LIMIT_PER_IP: '100000', INGEST_RATE_LIMIT_PER_APPLICATION: '100000' },
    });
  });
  after(() => ctx.close());

  it('answers a complete checklist with one find per step and membership, no count, no raw events', async () => {
    const user = await signedInUser(ctx, 'first-run-cost');
    const project = await createProject(ctx, user, await createOrganization(ctx, user));
    const application = await createApplication(ctx, user, project.id, {
      allowed_origins: ['https://shop.example.com'],
    });
    await ingest(ctx, '/installations', application.id, installationBody()).expect(201);
    await ingest(ctx, '/analytics', application.id, {
      events: [{ id: newId('evt_'), event: 'first_event' }],
    }).expect(200);
    await ctx.services.analyticsRecorder.flush();
    const read = () => ctx.request.get('/api/v1/onboarding').set(bearer(user.access_token)).expect(200);
    expect((await read()).body).to.deep.include({ complete: true });

    ctx.reset();
    await read();
    const work = ctx.commands.filter(
      (command) => !command.startsWith('insert') && !command.startsWith('update'),
    );
    const steps = work.filter((command) =>
      /^find (applications|projects|installations|analytics_rollups|analytics_event_counts|onboarding_states)$/.test(
        command,
      ),
    );
    // Applications twice (any; with an origin), then projects, installations, rollups, event counts, and the stored state.
    expect(steps.sort()).to.deep.equal(
      [
        'find analytics_event_counts',
        'find analytics_rollups',
        'find applications',
        'find applications',
        'find installations',
        'find onboarding_states',
        'find projects',
      ].sort(),
    );
    expect(work.filter((command) => /analytics_events|^count|^aggregate/.test(command))).to.deep.equal([]);
    // Besides: per permission asked (none, project:read, application:read, analytics:read) the
    // memberships and their organizations' two-factor policy, as every list across organizations reads them.
    expect(work.length, work.join(', ')).to.be.at.most(steps.length + 8);
  });
});
