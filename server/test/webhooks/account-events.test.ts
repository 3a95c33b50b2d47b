import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, latestMail, linkIn, PASSWORD, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { addMember } from '../projects/helpers.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';
import { createWebhook, createWebhookContext, startReceiver, type Receiver } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue #37 item 5: an organization's webhooks carry its own resources and its applications' end
 * users, never the accounts of the people who are its members (their dashboard sign-ins and
 * profile changes).
 */
describe('webhooks: a member’s own account events stay private', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let tenant: Tenant;

  before(async () => {
    ctx = await createWebhookContext();
    receiver = await startReceiver();
    tenant = await createTenant(ctx, 'private');
    await createWebhook(ctx, tenant.user.access_token, tenant.organizationId, {
      url: receiver.url,
      events: ['*'],
    });
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('sends no session.created or user.* of a member’s dashboard sign-in and profile', async () => {
    const member = await signedInUser(ctx, 'private-member');
    await addMember(ctx, tenant.user, tenant.organizationId, member);
    await ctx.request
      .patch('/api/v1/auth/me')
      .set(bearer(member.access_token))
      .send({ display_name: 'Private Person' })
      .expect(200);
    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: member.email, password: PASSWORD })
      .expect(200);
    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: tenant.user.email, password: PASSWORD })
      .expect(200);
    // The organization's own change, after the account events: once it arrives, they would have.
    await ctx.request
      .patch(`/api/v1/organizations/${tenant.organizationId}`)
      .set(bearer(tenant.user.access_token))
      .send({ name: 'Renamed' })
      .expect(200);
    await receiver.waitFor((requests) => requests.some((r) => r.json.type === 'organization.updated'));
    await sleep(300);
    const types = receiver.requests.map((r) => r.json.type);
    expect(types).to.deep.equal(['member.added', 'organization.updated']);
    expect(JSON.stringify(receiver.requests.map((r) => r.json))).not.to.contain('Private Person');
  });

  it('still sends the events of the application’s own end users: registered, confirmed, signed in', async () => {
    receiver.requests.length = 0;
    const email = uniqueEmail('end-user');
    const app = { 'X-Application-ID': tenant.applicationId };
    const registered = await ctx.request
      .post('/api/auth/register')
      .set(app)
      .send({ email, password: PASSWORD, display_name: 'Endkunde' })
      .expect(201);
    const confirm = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
    await ctx.request.get(`${confirm.pathname}${confirm.search}`).expect(303);
    await ctx.request.post('/api/auth/login').set(app).send({ email, password: PASSWORD }).expect(200);

    const expected = ['user.registered', 'user.email_confirmed', 'session.created'];
    // The application's confirmation and welcome mails come as email.sent besides: not at issue here.
    const accountEvents = () => receiver.requests.filter((r) => !String(r.json.type).startsWith('email.'));
    await receiver.waitFor(() => accountEvents().length >= expected.length, 10_000, expected.join(', '));
    await sleep(200);
    expect(accountEvents().map((r) => r.json.type)).to.deep.equal(expected);
    for (const request of accountEvents()) {
      expect(request.json.application_id).to.equal(tenant.applicationId);
      expect(request.json.organization_id).to.equal(tenant.organizationId);
    }
    const session = accountEvents()[2]!.json.data as Record<string, unknown>;
    expect(session).to.include({ user_id: registered.body.user.id, application_id: tenant.applicationId });
  });
});
