/**
 * Issue #38: requests answer from in-process caches (accounts, memberships, organizations,
 * applications, API tokens), so every change that takes access away must reach every process:
 * at once in the process that made it (A), within the documented bound in every other (B).
 * Two apps with their own connections, services and caches on one database count as two
 * processes for the caches (each polls the invalidation feed on its own).
 */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { bearer, signedInUser } from '../auth/helpers.js';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';
import { applicationHeader, signedInEndUser } from '../helpers/end-users.js';
import { addMember } from '../projects/helpers.js';
import { createTenant, createToken, type Tenant } from '../tokens/helpers.js';

/** The documented bound for other processes (docs/performance.md). */
const CROSS_PROCESS_BOUND_MS = 1_000;

describe('Cache invalidation across processes (issue #38)', function () {
  this.timeout(60_000);
  let a: MonitoredContext;
  let b: MonitoredContext;
  let tenant: Tenant;

  before(async function () {
    this.timeout(120_000);
    a = await monitoredContext({ env: { RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_ACCOUNT: '1000' } });
    b = await monitoredContext({
      database: a.database,
      env: { RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_ACCOUNT: '1000' },
    });
    tenant = await createTenant(a, 'inval');
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  /**
   * B answers `request` with `status` from its caches: once warm, it sends only the commands that
   * read the answer's own data (`data`), none to authenticate or authorize — the proof that the
   * change below has cached state to overcome. (Feed records of earlier tests may arrive while B
   * warms up and keep a fill; a few tries absorb that.)
   */
  async function warmInB(
    request: (ctx: MonitoredContext) => Promise<Response>,
    status: number,
    data: string[] = [],
  ) {
    let commands: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      b.reset();
      expect((await request(b)).status, 'B before the change').to.equal(status);
      commands = [...b.commands];
      if (JSON.stringify(commands) === JSON.stringify(data)) break;
    }
    expect(commands, 'B answers from its caches').to.deep.equal(data);
  }

  /** A answers `status` at once; B within the bound (polled, never slept). */
  async function honoured(
    request: (ctx: MonitoredContext) => Promise<Response>,
    check: (response: Response) => boolean,
    label: string,
  ) {
    const changedAt = Date.now();
    const inA = await request(a);
    expect(check(inA), `${label}: A at once (${inA.status} ${JSON.stringify(inA.body)})`).to.equal(true);
    let inB = await request(b);
    while (!check(inB) && Date.now() - changedAt < CROSS_PROCESS_BOUND_MS) inB = await request(b);
    expect(check(inB), `${label}: B within ${CROSS_PROCESS_BOUND_MS} ms (${inB.status})`).to.equal(true);
    console.log(`      ${label}: B after ${Date.now() - changedAt} ms`);
  }

  const status = (code: number) => (response: Response) => response.status === code;

  it('blocking an end user ends their embedding access', async () => {
    const endUser = await signedInEndUser(a, tenant.applicationId);
    const verify = (ctx: MonitoredContext) =>
      ctx.request
        .post('/api/auth/verify')
        .set(applicationHeader(tenant.applicationId))
        .set(bearer(endUser.token));
    await warmInB(verify, 200);
    await a.request
      .post(`/api/v1/projects/${tenant.projectId}/users/${endUser.id}/block`)
      .set(bearer(tenant.user.access_token))
      .expect(200);
    await honoured(verify, status(401), 'blocked user');
  });

  it('a profile change shows in /auth/me', async () => {
    const user = await signedInUser(a, 'inval-profile');
    const me = (ctx: MonitoredContext) => ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token));
    await warmInB(me, 200);
    await a.request
      .patch('/api/v1/auth/me')
      .set(bearer(user.access_token))
      .send({ display_name: 'Renamed Person' })
      .expect(200);
    await honoured(me, (response) => response.body.display_name === 'Renamed Person', 'display name');
  });

  it('removing a membership takes the organization away', async () => {
    const member = await signedInUser(a, 'inval-member');
    const { id: memberId } = await addMember(a, tenant.user, tenant.organizationId, member);
    const projects = (ctx: MonitoredContext) =>
      ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: tenant.organizationId })
        .set(bearer(member.access_token));
    const verify = (ctx: MonitoredContext) =>
      ctx.request.post('/api/v1/verify').set(bearer(member.access_token));
    await warmInB(projects, 200, ['find projects']);
    await warmInB(verify, 200);
    expect((await verify(b)).body.organizations).to.have.length(1);
    await a.request
      .delete(`/api/v1/organizations/${tenant.organizationId}/members/${memberId}`)
      .set(bearer(tenant.user.access_token))
      .expect(204);
    await honoured(projects, status(404), 'removed member: projects');
    await honoured(
      verify,
      (response) => response.body.organizations?.length === 0,
      'removed member: /verify',
    );
  });

  it("lowering a member's role takes its permissions away", async () => {
    const member = await signedInUser(a, 'inval-admin');
    const { id: memberId } = await addMember(a, tenant.user, tenant.organizationId, member, 'admin');
    const webhooks = (ctx: MonitoredContext) =>
      ctx.request
        .get(`/api/v1/organizations/${tenant.organizationId}/webhooks`)
        .set(bearer(member.access_token));
    await warmInB(webhooks, 200, ['find webhooks']);
    await a.request
      .patch(`/api/v1/organizations/${tenant.organizationId}/members/${memberId}`)
      .set(bearer(tenant.user.access_token))
      .send({ role: 'member' })
      .expect(200);
    await honoured(webhooks, status(403), 'demoted admin');
  });

  it('revoking an API token refuses it', async () => {
    const token = await createToken(a, tenant.user, tenant.applicationId);
    const list = (ctx: MonitoredContext) =>
      ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: tenant.organizationId })
        .set(bearer(token.token));
    await warmInB(list, 200); // a token's list: its cached project, no query
    await a.request
      .post(`/api/v1/tokens/${token.id}/revoke`)
      .set(bearer(tenant.user.access_token))
      .expect(200);
    await honoured(list, status(401), 'revoked token');
  });

  it('deleting an application ends its tokens and its embedding API', async () => {
    const own = await createTenant(a, 'inval-app');
    const token = await createToken(a, own.user, own.applicationId);
    const endUser = await signedInEndUser(a, own.applicationId);
    const list = (ctx: MonitoredContext) =>
      ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: own.organizationId })
        .set(bearer(token.token));
    const verify = (ctx: MonitoredContext) =>
      ctx.request
        .post('/api/auth/verify')
        .set(applicationHeader(own.applicationId))
        .set(bearer(endUser.token));
    await warmInB(list, 200); // a token's list: its cached project, no query
    await warmInB(verify, 200);
    await a.request
      .delete(`/api/v1/applications/${own.applicationId}`)
      .set(bearer(own.user.access_token))
      .expect(204);
    await honoured(list, status(401), 'deleted application: token');
    await honoured(verify, status(404), 'deleted application: embedding verify');
  });

  it('deactivating an organization refuses its tokens', async () => {
    const own = await createTenant(a, 'inval-org');
    const token = await createToken(a, own.user, own.applicationId);
    const list = (ctx: MonitoredContext) =>
      ctx.request
        .get('/api/v1/projects')
        .query({ organization_id: own.organizationId })
        .set(bearer(token.token));
    await warmInB(list, 200); // a token's list: its cached project, no query
    await a.request
      .post(`/api/v1/organizations/${own.organizationId}/deactivate`)
      .set(bearer(own.user.access_token))
      .expect(200);
    await honoured(
      list,
      (response) => response.status === 401 || response.status === 403,
      'deactivated organization',
    );
  });
});
