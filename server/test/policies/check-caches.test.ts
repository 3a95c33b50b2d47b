/**
 * Issue #33: a warm POST /api/v1/authorize with an API token answers from memory — the presented
 * token and its owner's access, the compiled policies, the subject's facts — so every change that
 * decides differently must reach every process: at once in the process that made it (A), within
 * the documented bound in every other (B). Two apps with their own connections, services and
 * caches on one database count as two processes (each polls the invalidation feed on its own).
 */
import { expect } from 'chai';
import type { Response } from 'supertest';
import { bearer, signedInUser } from '../auth/helpers.js';
import { monitoredContext, type MonitoredContext } from '../helpers/command-count.js';
import { signedInEndUser, type EmbeddingSession, type EndUser } from '../helpers/end-users.js';
import { addMember } from '../projects/helpers.js';
import { createTenant, createToken, type CreatedToken, type Tenant } from '../tokens/helpers.js';
import { createPolicy, projectPolicies, setUserSkills } from './helpers.js';

/** The documented bound for other processes (docs/performance.md). */
const CROSS_PROCESS_BOUND_MS = 1_000;

describe('POST /api/v1/authorize: what it keeps in memory follows every change (issue #33)', function () {
  this.timeout(60_000);
  let a: MonitoredContext;
  let b: MonitoredContext;
  let tenant: Tenant;
  let token: CreatedToken;
  let endUser: EndUser & EmbeddingSession;

  before(async function () {
    this.timeout(120_000);
    const env = { RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_ACCOUNT: '1000' };
    a = await monitoredContext({ env });
    b = await monitoredContext({ database: a.database, env });
    tenant = await createTenant(a, 'authz-cache');
    token = await createToken(a, tenant.user, tenant.applicationId);
    endUser = await signedInEndUser(a, tenant.applicationId, { prefix: 'authz-cache' });
  });
  after(async () => {
    await b?.close();
    await a?.close();
  });

  const admin = () => bearer(tenant.user.access_token);

  /** The check as a partner's server sends it, with `credential` (default: the read token). */
  const check =
    (action: string, credential = token.token) =>
    (ctx: MonitoredContext) =>
      ctx.request
        .post('/api/v1/authorize')
        .set(bearer(credential))
        .send({ subject: { user_id: endUser.id }, action, resource: { type: 'invoice', id: 'inv-1' } });

  /**
   * B answers `request` from memory: once warm, it sends no command at all — the proof that the
   * change below has cached state to overcome. (Feed records of earlier tests may arrive while B
   * warms up and keep a fill; a few tries absorb that.)
   */
  async function warmInB(request: (ctx: MonitoredContext) => Promise<Response>) {
    let commands: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      b.reset();
      expect((await request(b)).status, 'B before the change').to.equal(200);
      commands = [...b.commands];
      if (commands.length === 0) break;
    }
    expect(commands, 'B answers from memory').to.deep.equal([]);
  }

  /** A answers as `expected` at once; B within the bound (polled, never slept). */
  async function honoured(
    request: (ctx: MonitoredContext) => Promise<Response>,
    expected: (response: Response) => boolean,
    label: string,
  ) {
    const changedAt = Date.now();
    const inA = await request(a);
    expect(expected(inA), `${label}: A at once (${inA.status} ${JSON.stringify(inA.body)})`).to.equal(true);
    let inB = await request(b);
    while (!expected(inB) && Date.now() - changedAt < CROSS_PROCESS_BOUND_MS) inB = await request(b);
    expect(expected(inB), `${label}: B within ${CROSS_PROCESS_BOUND_MS} ms (${inB.status})`).to.equal(true);
    console.log(`      ${label}: B after ${Date.now() - changedAt} ms`);
  }

  const allowed = (reason: string) => (response: Response) =>
    response.status === 200 && response.body.allowed === true && response.body.reason === reason;
  const denied = (reason: string) => (response: Response) =>
    response.status === 200 && response.body.allowed === false && response.body.reason === reason;

  it('a warm check sends no database command (the denial is written later, off the request)', async () => {
    const request = check('invoice:read');
    expect((await request(a)).status).to.equal(200);
    a.reset();
    const warm = await request(a);
    expect(denied('no_matching_policy')(warm), JSON.stringify(warm.body)).to.equal(true);
    expect(a.commands).to.deep.equal([]);
  });

  it('assigning the end user a role that grants the action allows it; taking it away denies it', async () => {
    await a.request
      .post(`/api/v1/projects/${tenant.projectId}/permissions`)
      .set(admin())
      .send({ name: 'invoice:read' })
      .expect(201);
    await a.request
      .post(`/api/v1/projects/${tenant.projectId}/roles`)
      .set(admin())
      .send({ name: 'reader', permissions: ['invoice:read'] })
      .expect(201);
    const request = check('invoice:read');
    await warmInB(request);
    const roles = (names: string[]) =>
      a.request
        .put(`/api/v1/projects/${tenant.projectId}/users/${endUser.id}/roles`)
        .set(admin())
        .send({ roles: names })
        .expect(200);
    await roles(['reader']);
    await honoured(request, allowed('granted_by_role'), 'role assigned');
    await warmInB(request);
    await roles([]);
    await honoured(request, denied('no_matching_policy'), 'role taken away');
  });

  it("changing the role's permissions changes what it grants", async () => {
    await a.request
      .post(`/api/v1/projects/${tenant.projectId}/permissions`)
      .set(admin())
      .send({ name: 'invoice:archive' })
      .expect(201);
    const role = await a.request
      .post(`/api/v1/projects/${tenant.projectId}/roles`)
      .set(admin())
      .send({ name: 'archivist', permissions: [] })
      .expect(201);
    await a.request
      .put(`/api/v1/projects/${tenant.projectId}/users/${endUser.id}/roles`)
      .set(admin())
      .send({ roles: ['archivist'] })
      .expect(200);
    const request = check('invoice:archive');
    await warmInB(request);
    expect(denied('no_matching_policy')(await request(b))).to.equal(true);
    await a.request
      .patch(`/api/v1/projects/${tenant.projectId}/roles/${role.body.id as string}`)
      .set(admin())
      .send({ permissions: ['invoice:archive'] })
      .expect(200);
    await honoured(request, allowed('granted_by_role'), 'role given the permission');
  });

  it("a change to the end user's skills meets a skill policy", async () => {
    await createPolicy(a, tenant.user.access_token, projectPolicies(tenant.projectId), {
      name: 'Accountants approve',
      effect: 'allow',
      actions: ['invoice:approve'],
      conditions: { subject: { skills: [{ name: 'Accounting', min_level: 3 }] } },
    });
    const request = check('invoice:approve');
    await warmInB(request);
    expect(denied('no_matching_policy')(await request(b))).to.equal(true);
    await setUserSkills(a, tenant.user, tenant.projectId, endUser.id, [{ name: 'Accounting', level: 4 }]);
    await honoured(request, allowed('allowed_by_policy'), 'skill added');
    await warmInB(request);
    await setUserSkills(a, tenant.user, tenant.projectId, endUser.id, [{ name: 'Accounting', level: 1 }]);
    await honoured(request, denied('no_matching_policy'), 'skill lowered');
  });

  it('editing a policy decides the next check by the edit', async () => {
    const policy = await createPolicy(a, tenant.user.access_token, projectPolicies(tenant.projectId), {
      name: 'Everyone sends reminders',
      effect: 'allow',
      actions: ['invoice:remind'],
    });
    const request = check('invoice:remind');
    await honoured(request, allowed('allowed_by_policy'), 'policy created');
    await warmInB(request);
    await a.request
      .patch(`${projectPolicies(tenant.projectId)}/${policy.id}`)
      .set(admin())
      .send({ effect: 'deny' })
      .expect(200);
    await honoured(request, denied('denied_by_policy'), 'policy turned to deny');
  });

  it('revoking the API token refuses its checks', async () => {
    const own = await createToken(a, tenant.user, tenant.applicationId, { name: 'Revoked soon' });
    const request = check('invoice:read', own.token);
    await warmInB(request);
    await a.request.post(`/api/v1/tokens/${own.id}/revoke`).set(admin()).expect(200);
    await honoured(request, (response) => response.status === 401, 'token revoked');
  });

  it("ending the token owner's membership refuses the token's checks", async () => {
    const colleague = await signedInUser(a, 'authz-cache-colleague');
    const { id: memberId } = await addMember(a, tenant.user, tenant.organizationId, colleague, 'admin');
    const own = await createToken(a, colleague, tenant.applicationId, { name: 'Colleague' });
    const request = check('invoice:read', own.token);
    await warmInB(request);
    await a.request
      .delete(`/api/v1/organizations/${tenant.organizationId}/members/${memberId}`)
      .set(admin())
      .expect(204);
    await honoured(request, (response) => response.status === 401, 'membership ended');
  });

  it("ending a member's membership refuses their session's checks about others (not only after a while)", async () => {
    const colleague = await signedInUser(a, 'authz-cache-session');
    const { id: memberId } = await addMember(a, tenant.user, tenant.organizationId, colleague, 'member');
    const request = (ctx: MonitoredContext) =>
      ctx.request
        .post('/api/v1/authorize')
        .set(bearer(colleague.access_token))
        .send({
          project_id: tenant.projectId,
          subject: { user_id: endUser.id },
          action: 'invoice:read',
          resource: { id: 'inv-1' },
        });
    await warmInB(request);
    await a.request
      .delete(`/api/v1/organizations/${tenant.organizationId}/members/${memberId}`)
      .set(admin())
      .expect(204);
    await honoured(
      request,
      (response) => response.status === 404 && response.body.code === 'project_not_found',
      'session membership ended',
    );
  });

  it("deleting the token's application refuses its checks", async () => {
    const own = await createTenant(a, 'authz-cache-app');
    const ownToken = await createToken(a, own.user, own.applicationId);
    const request = (ctx: MonitoredContext) =>
      ctx.request
        .post('/api/v1/authorize')
        .set(bearer(ownToken.token))
        .send({ action: 'invoice:read', resource: { id: 'inv-1' } });
    await warmInB(request);
    await a.request
      .delete(`/api/v1/applications/${own.applicationId}`)
      .set(bearer(own.user.access_token))
      .expect(204);
    await honoured(request, (response) => response.status === 401, 'application deleted');
  });
});
