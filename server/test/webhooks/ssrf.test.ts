import { expect } from 'chai';
import { bearer } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';
import { sendDelivery } from '../../src/modules/webhooks/webhooks.sender.js';
import { publicOnlyLookup } from '../../src/modules/webhooks/webhooks.url-guard.js';
import { createWebhookContext, startReceiver, type Receiver } from './helpers.js';

describe('webhooks: URLs into internal networks are refused in production (SSRF)', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let tenant: Tenant;

  before(async () => {
    // Production as configured by NODE_ENV alone: WEBHOOK_ALLOW_PRIVATE_URLS is unset.
    ctx = await createWebhookContext({}, { NODE_ENV: 'production', EMAIL_CONFIRMATION_REQUIRED: 'false' });
    expect(ctx.config.webhooks.allowPrivateUrls).to.equal(false);
    receiver = await startReceiver();
    const owner = await ctx.request
      .post('/api/v1/auth/register')
      .send({ email: 'ssrf-owner@example.com', password: 'correct horse battery' })
      .expect(201);
    expect(owner.body.confirmation_required).to.equal(false);
    const login = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: 'ssrf-owner@example.com', password: 'correct horse battery' })
      .expect(200);
    tenant = await createTenant(ctx, 'ssrf', {
      email: 'ssrf-owner@example.com',
      password: 'correct horse battery',
      ...login.body,
    });
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  const create = (url: string) =>
    ctx.request
      .post(`/api/v1/organizations/${tenant.organizationId}/webhooks`)
      .set(bearer(tenant.user.access_token))
      .send({ url, events: ['*'] });

  for (const url of [
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.1.2.3/hook',
    'http://172.16.0.1/hook',
    'http://192.168.1.10/hook',
    'http://100.64.0.1/hook',
    'http://0.0.0.0/hook',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[fd00::1]/hook',
    'http://[fe80::1]/hook',
    'http://2130706433/hook',
    'http://0x7f.1/hook',
  ]) {
    it(`refuses ${url} with webhook_url_not_allowed`, async () => {
      const response = await create(url).expect(400);
      expect(response.body.code).to.equal('webhook_url_not_allowed');
    });
  }

  it('refuses to move an existing webhook to an internal address', async () => {
    // Saved while it resolved publicly (written directly: no public receiver is reachable from tests).
    const { Webhooks } = (await import('../../src/modules/webhooks/webhooks.model.js')).webhookModels(
      ctx.database.connection,
    );
    const webhook = await Webhooks.create({
      organization_id: tenant.organizationId,
      url: 'https://hooks.example.com/in',
      events: ['*'],
      secret: 'whsec_test',
      created_by: tenant.user.user.id,
    });
    const response = await ctx.request
      .patch(`/api/v1/webhooks/${String(webhook._id)}`)
      .set(bearer(tenant.user.access_token))
      .send({ url: receiver.url })
      .expect(400);
    expect(response.body.code).to.equal('webhook_url_not_allowed');

    // One stored before the rule (or re-pointed by DNS) is refused when sending: the receiver sees nothing.
    await Webhooks.updateOne({ _id: webhook._id }, { $set: { url: receiver.url } });
    const test = await ctx.request
      .post(`/api/v1/webhooks/${String(webhook._id)}/test`)
      .set(bearer(tenant.user.access_token))
      .expect(200);
    expect(test.body.status).to.equal('failed');
    expect(test.body.error).to.match(/internal address/);
    expect(receiver.requests).to.have.length(0);
  });

  it('checks the address actually connected to, so a name that resolves to loopback is refused at send time', async () => {
    const result = await sendDelivery(
      {
        url: `http://localhost:${receiver.port}/hook`,
        secret: 's',
        body: '{}',
        deliveryId: 'd',
        eventId: 'e',
        eventType: 'webhook.test',
        attempt: 1,
      },
      { allowPrivateUrls: false, timeoutMs: 2_000, userAgent: 'test' },
    );
    expect(result.ok).to.equal(false);
    expect(result.error).to.match(/internal address/);
    expect(receiver.requests).to.have.length(0);
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (failure) => resolve(failure)),
    );
    expect(error?.message).to.match(/internal address/);
  });

  it('allows the same loopback receiver where private URLs are allowed (development and test)', async () => {
    const result = await sendDelivery(
      {
        url: receiver.url,
        secret: 's',
        body: '{"id":"evt_1"}',
        deliveryId: 'd',
        eventId: 'evt_1',
        eventType: 'webhook.test',
        attempt: 1,
      },
      { allowPrivateUrls: true, timeoutMs: 2_000, userAgent: 'test' },
    );
    expect(result).to.include({ ok: true, responseStatus: 200 });
    expect(receiver.requests).to.have.length(1);
  });
});
