import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { PLATFORM_ACTION_NAMESPACES } from '../../src/core/audit.js';
import { WEBHOOK_EVENT_TYPES } from '../../src/core/webhooks.js';
import { createTrackedTenant, createTrackingContext, ingest, newId, type TrackedTenant } from './helpers.js';

interface Entry {
  action: string;
  source: string;
  installation_id: string | null;
}

/**
 * Issue #37 item 13: POST /api/v1/activity needs only the public X-Application-ID, so what it
 * writes must never pass for the platform's own audit trail.
 */
describe('SDK activity entries are marked and cannot impersonate platform audit actions', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx);
  });
  after(() => ctx?.close());

  const logs = async (query: Record<string, string> = {}) => {
    const response = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ organization_id: tenant.organizationId, limit: 500, ...query })
      .set(bearer(tenant.user.access_token));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data as Entry[];
  };

  for (const action of [
    'member.removed',
    'Member.Removed',
    'user.login',
    'api.request',
    'token.created',
    'webhook: deleted',
  ]) {
    it(`refuses "${action}" with 400 reserved_action and writes nothing`, async () => {
      const response = await ingest(ctx, '/activity', tenant.applicationId, {
        action,
        resource_type: 'member',
      });
      expect(response.status).to.equal(400);
      expect(response.body.code).to.equal('reserved_action');
      expect(response.body.error)
        .to.be.a('string')
        .and.match(/reserved/i);
      expect((await logs()).map((entry) => entry.action)).not.to.include(action);
    });
  }

  it('stores other actions as sent, marked source "sdk"; the platform’s own entries are "platform"', async () => {
    const installationId = newId('inst_');
    const sent = await ingest(ctx, '/activity', tenant.applicationId, {
      action: 'member_removed_from_cart',
      resource_type: 'member',
      installation_id: installationId,
    });
    expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
    const all = await logs();
    const sdk = all.find((entry) => entry.action === 'member_removed_from_cart');
    expect(sdk?.source).to.equal('sdk');
    expect(sdk?.installation_id).to.equal(installationId);
    const own = all.filter((entry) => entry.action !== 'member_removed_from_cart');
    expect(own.length, 'tenant creation audited organization, project, application').to.be.greaterThan(0);
    for (const entry of own) expect(entry.source, entry.action).to.equal('platform');
  });

  it('filters by source', async () => {
    const sdk = await logs({ source: 'sdk' });
    expect(sdk.length).to.be.greaterThan(0);
    expect(sdk.every((entry) => entry.source === 'sdk')).to.equal(true);
    const platform = await logs({ source: 'platform' });
    expect(platform.length).to.be.greaterThan(0);
    expect(platform.every((entry) => entry.source === 'platform')).to.equal(true);
    const bad = await ctx.request
      .get('/api/v1/activity-logs')
      .query({ source: 'bogus' })
      .set(bearer(tenant.user.access_token));
    expect(bad.status).to.equal(400);
  });

  it('reserves every webhook event’s namespace and every audit action the server writes', async () => {
    for (const type of WEBHOOK_EVENT_TYPES)
      expect(PLATFORM_ACTION_NAMESPACES, type).to.include(type.split('.')[0]);
    // Every quoted `namespace.verb` literal in the modules (audit actions are written as such).
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
    const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.ts'));
    const namespaces = new Set<string>();
    for (const file of files) {
      const text = await readFile(path.join(root, file), 'utf8');
      for (const match of text.matchAll(/(?:action: |Event\()'([a-z_]+)\.[a-z_]+'/g))
        namespaces.add(match[1]!);
    }
    expect(namespaces.size).to.be.greaterThan(5);
    for (const namespace of namespaces) expect(PLATFORM_ACTION_NAMESPACES, namespace).to.include(namespace);
  });
});
