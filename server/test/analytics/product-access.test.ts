import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import { createApplication } from '../projects/helpers.js';
import { createTenant, createToken, type Tenant } from '../tokens/helpers.js';
import { createTrackedTenant, createTrackingContext, type TrackedTenant } from '../tracking/helpers.js';

const ROUTES: Array<[string, Record<string, string>]> = [
  ['pages', {}],
  ['funnel', { steps: 'signup,login' }],
  ['retention', {}],
  ['stickiness', {}],
  ['lifecycle', {}],
];

/** Who may read product analytics (issue #35), and what a bad parameter answers. */
describe('product analytics: authorization and validation of /api/v1/analytics/{pages,funnel,retention,stickiness,lifecycle}', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  let bob: Tenant;
  let secondApplicationId: string;

  const read = (path: string, token: string, query: Record<string, string>) =>
    ctx.request.get(`/api/v1/analytics/${path}`).query(query).set(bearer(token));

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'pa-alice');
    bob = await createTenant(ctx, 'pa-bob');
    secondApplicationId = (await createApplication(ctx, alice.user, alice.projectId)).id;
  });
  after(() => ctx.close());

  it('lets the organization’s members read their application and project', async () => {
    for (const [path, extra] of ROUTES) {
      await read(path, alice.user.access_token, { application_id: alice.applicationId, ...extra }).expect(
        200,
      );
      await read(path, alice.user.access_token, { project_id: alice.projectId, ...extra }).expect(200);
    }
  });

  it('answers 404 for another tenant’s application or project, as for one that does not exist', async () => {
    for (const [path, extra] of ROUTES) {
      const application = await read(path, bob.user.access_token, {
        application_id: alice.applicationId,
        ...extra,
      });
      expect(application.status, path).to.equal(404);
      expect(application.body.code).to.equal('application_not_found');
      const project = await read(path, bob.user.access_token, { project_id: alice.projectId, ...extra });
      expect(project.status, path).to.equal(404);
      expect(project.body.code).to.equal('project_not_found');
      // An application and a project that do not belong together.
      const mixed = await read(path, alice.user.access_token, {
        application_id: alice.applicationId,
        project_id: bob.projectId,
        ...extra,
      });
      expect(mixed.status, path).to.equal(404);
    }
  });

  it('refuses an end user of the application’s pool (another pool’s token) and scopes API tokens', async () => {
    const endUser = await signedInEndUser(ctx, alice.applicationId, { prefix: 'pa-end' });
    const analyticsToken = (
      await createToken(ctx, alice.user, alice.applicationId, { scopes: ['analytics'] })
    ).token;
    const readToken = (await createToken(ctx, alice.user, alice.applicationId, { scopes: ['read'] })).token;
    for (const [path, extra] of ROUTES) {
      const query = { application_id: alice.applicationId, ...extra };
      const refused = await read(path, endUser.token, query);
      expect(refused.status, `${path}: ${JSON.stringify(refused.body)}`).to.be.oneOf([401, 403]);
      expect(refused.body).not.to.have.property('steps');
      await read(path, analyticsToken, query).expect(200);
      const other = await read(path, analyticsToken, { ...query, application_id: secondApplicationId });
      expect(other.status, path).to.equal(404);
      const scope = await read(path, readToken, query);
      expect(scope.status, path).to.equal(403);
    }
  });

  it('answers 400 validation_failed naming the bad parameter, never 500', async () => {
    const token = alice.user.access_token;
    const app = { application_id: alice.applicationId };
    const cases: Array<[string, Record<string, string>, string]> = [
      ['pages', {}, 'application_id'],
      ['pages', { ...app, from: '2026-11-02', to: '2026-11-01' }, 'from'],
      ['pages', { ...app, from: 'yesterday' }, 'from'],
      ['pages', { ...app, from: '2020-01-01', to: '2026-01-01' }, 'from'],
      ['pages', { ...app, table: 'users' }, 'table'],
      ['pages', { ...app, format: 'xml' }, 'format'],
      ['pages', { application_id: 'not-an-id' }, 'application_id'],
      ['funnel', { ...app }, 'steps'],
      ['funnel', { ...app, steps: 'signup' }, 'steps'],
      ['funnel', { ...app, steps: 'a,b,c,d,e,f,g,h,i,j,k' }, 'steps'],
      ['funnel', { ...app, steps: 'signup,,login' }, 'steps'],
      ['funnel', { ...app, steps: 'signup|$where=1,login' }, 'steps'],
      ['funnel', { ...app, steps: 'signup,login', window: '7x' }, 'window'],
      ['funnel', { ...app, steps: 'signup,login', window: '91d' }, 'window'],
      ['funnel', { ...app, steps: 'signup,login', window: '0m' }, 'window'],
      ['retention', { ...app, period: 'year' }, 'period'],
      ['retention', { ...app, periods: '0' }, 'periods'],
      ['retention', { ...app, periods: '53' }, 'periods'],
      ['retention', { ...app, cohort: 'everyone' }, 'cohort'],
      ['retention', { ...app, unit: 'sessions' }, 'unit'],
      ['stickiness', { ...app, date: '2026-13-45' }, 'date'],
      ['lifecycle', { ...app, periods: 'many' }, 'periods'],
    ];
    for (const [path, query, field] of cases) {
      const response = await read(path, token, query);
      const label = `${path} ${JSON.stringify(query)}`;
      expect(response.status, `${label}: ${JSON.stringify(response.body)}`).to.equal(400);
      expect(response.body.code, label).to.equal('validation_failed');
      expect(JSON.stringify(response.body), label).to.contain(field);
    }
  });
});
