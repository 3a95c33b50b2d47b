import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import {
  bearer,
  createAuthContext,
  latestMail,
  linkIn,
  PASSWORD,
  signedInUser,
  uniqueEmail,
} from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, totpAt } from '../mfa/helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';

const SHOP = 'https://shop.example.com';

/**
 * A pool whose `second_factor` is `required`: an end user without a factor signs in to a session
 * that may only set one up (docs/user-pools.md, "Second factor").
 */
describe('user pools: second factor required', () => {
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let applicationId: string;

  const app = () => ({ 'X-Application-ID': applicationId, Origin: SHOP });
  const setSecondFactor = (mode: 'off' | 'optional' | 'required') =>
    ctx.request
      .patch(`/api/v1/projects/${projectId}/pool`)
      .set(bearer(admin.access_token))
      .send({ second_factor: mode })
      .expect(200);

  async function endUser(): Promise<string> {
    const email = uniqueEmail('enduser');
    await ctx.request.post('/api/auth/register').set(app()).send({ email, password: PASSWORD }).expect(201);
    const link = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
    await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    return email;
  }
  const login = (email: string) =>
    ctx.request.post('/api/auth/login').set(app()).send({ email, password: PASSWORD }).expect(200);

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'pool-owner');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
  });
  after(() => ctx.close());

  it('gives an account without a factor a session that only sets one up', async () => {
    await setSecondFactor('required');
    const email = await endUser();
    const session = (await login(email)).body;
    expect(session.second_factor_enrollment_required).to.equal(true);

    // The application's backend must not take it as a signed-in user …
    const verify = await ctx.request.post('/api/auth/verify').set(app()).set(bearer(session.token));
    expect(verify.status, JSON.stringify(verify.body)).to.equal(403);
    expect(verify.body.error?.code ?? verify.body.code, JSON.stringify(verify.body)).to.equal(
      'second_factor_enrollment_required',
    );
    // … nor may it list sessions or export data; it may read the account and set up TOTP.
    const sessions = await ctx.request.get('/api/v1/auth/sessions').set(bearer(session.token));
    expect(sessions.status).to.equal(403);
    const me = await ctx.request.get('/api/v1/auth/me').set(bearer(session.token));
    expect(me.status, JSON.stringify(me.body)).to.equal(200);
    const started = await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(session.token));
    expect(started.status, JSON.stringify(started.body)).to.equal(200);
    await awayFromStepEdge();
    await ctx.request
      .post('/api/v1/auth/mfa/totp/confirm')
      .set(bearer(session.token))
      .send({ code: totpAt(started.body.secret as string, currentStep()) })
      .expect(200);

    // Signing in again asks for the new factor, and then the session is a full one.
    const again = (await login(email)).body;
    expect(again.mfa_required).to.equal(true);
    expect(again).not.to.have.property('token');
  });

  it('gives full sessions when the pool only offers a second factor', async () => {
    await setSecondFactor('optional');
    const email = await endUser();
    const session = (await login(email)).body;
    expect(session).not.to.have.property('second_factor_enrollment_required');
    await ctx.request.post('/api/auth/verify').set(app()).set(bearer(session.token)).expect(200);
  });

  it('never limits dashboard accounts, whatever a project pool requires', async () => {
    await setSecondFactor('required');
    const member = await signedInUser(ctx, 'team');
    expect(member).not.to.have.property('second_factor_enrollment_required');
    await ctx.request.get('/api/v1/organizations').set(bearer(member.access_token)).expect(200);
  });
});
