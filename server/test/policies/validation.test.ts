import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext } from '../auth/helpers.js';
import { authorize, createPolicy, policyTenant, projectPolicies, type PolicyTenant } from './helpers.js';

/**
 * Invalid policies are refused with 400 invalid_policy whose message names the problem and its
 * path, and nothing changes (no policy, no audit entry, the old one as it was). Time windows and
 * address ranges decide as documented.
 */
describe('policies: validation, time windows and address ranges', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let t: PolicyTenant;

  before(async () => {
    ctx = await createAuthContext();
    t = await policyTenant(ctx);
  });
  after(() => ctx.close());

  const valid = { name: 'Valid', effect: 'allow', actions: ['report:read'] };
  const INVALID: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['no name', { effect: 'allow', actions: ['a:b'] }, 'body.name', /^name: Name the policy/],
    [
      'an unknown effect',
      { ...valid, effect: 'maybe' },
      'body.effect',
      /^effect: The effect is "allow" or "deny"/,
    ],
    ['no actions', { ...valid, actions: [] }, 'body.actions', /^actions: Name at least one action/],
    [
      'an action with capitals',
      { ...valid, actions: ['Report:Read'] },
      'body.actions.0',
      /^actions\.0: An action such as/,
    ],
    [
      'an unknown time zone',
      { ...valid, conditions: { context: { time: { time_zone: 'Europe/Berln', from: '08:00' } } } },
      'body.conditions.context.time.time_zone',
      /^conditions\.context\.time\.time_zone: “Europe\/Berln” is not an IANA time zone/,
    ],
    [
      'a malformed clock time',
      { ...valid, conditions: { context: { time: { time_zone: 'UTC', from: '8:00' } } } },
      'body.conditions.context.time.from',
      /HH:MM/,
    ],
    [
      'an empty window',
      { ...valid, conditions: { context: { time: { time_zone: 'UTC', from: '08:00', to: '08:00' } } } },
      'body.conditions.context.time.to',
      /the window would be empty/,
    ],
    [
      'a bad address range',
      { ...valid, conditions: { context: { source_ip: ['10.0.0.0/8', '10.0.0.0/33'] } } },
      'body.conditions.context.source_ip.1',
      /“10\.0\.0\.0\/33” is not an IPv4 or IPv6 address or CIDR range/,
    ],
    [
      'a skill level out of range',
      { ...valid, conditions: { subject: { skills: [{ name: 'Java', min_level: 7 }] } } },
      'body.conditions.subject.skills.0.min_level',
      /from 1 to 5/,
    ],
    [
      'an unknown condition',
      { ...valid, conditions: { subject: { department: 'sales' } } },
      'body.conditions.subject.department',
      /Unknown field “department”/,
    ],
    [
      'an e-mail address for a domain',
      { ...valid, conditions: { subject: { email_domain: ['ada@example.com'] } } },
      'body.conditions.subject.email_domain.0',
      /A domain such as example\.com/,
    ],
    [
      'an attribute condition without equals or in',
      { ...valid, conditions: { resource: { attributes: { status: { like: 'dr%' } } } } },
      'body.conditions.resource.attributes.status',
      /Either \{"equals": value\} or \{"in": \[values\]\}/,
    ],
    [
      'roles without any or all',
      { ...valid, conditions: { subject: { roles: {} } } },
      'body.conditions.subject.roles',
      /Give `any`/,
    ],
  ];

  it('refuses each invalid policy with 400 invalid_policy naming the problem and its path; nothing is stored', async () => {
    const path = projectPolicies(t.projectId);
    for (const [what, body, detailPath, message] of INVALID) {
      const response = await ctx.request.post(path).set(bearer(t.admin.access_token)).send(body);
      expect(response.status, `${what}: ${JSON.stringify(response.body)}`).to.equal(400);
      expect(response.body.code, what).to.equal('invalid_policy');
      expect(response.body.error, what).to.match(message);
      expect(
        response.body.details.map((detail: { path: string }) => detail.path),
        what,
      ).to.include(detailPath);
    }
    const list = await ctx.request.get(path).set(bearer(t.admin.access_token)).expect(200);
    expect(list.body.data).to.deep.equal([]);
    const audits = await ctx.database.connection
      .collection('activity_logs')
      .countDocuments({ action: /^policy\./, project_id: { $exists: true } });
    expect(audits).to.equal(0);
  });

  it('refuses an invalid change and keeps the policy as it was', async () => {
    const policy = await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      ...valid,
      name: 'Unchanged',
      conditions: { context: { source_ip: ['192.0.2.0/24'] } },
    });
    const item = `${projectPolicies(t.projectId)}/${policy.id}`;
    const refused = await ctx.request
      .patch(item)
      .set(bearer(t.admin.access_token))
      .send({ effect: 'deny', conditions: { context: { source_ip: ['not an address'] } } });
    expect(refused.status).to.equal(400);
    expect(refused.body.code).to.equal('invalid_policy');
    expect(refused.body.error).to.match(/^conditions\.context\.source_ip\.0: /);
    const after = await ctx.request.get(item).set(bearer(t.admin.access_token)).expect(200);
    expect(after.body).to.deep.equal(policy);
    // A name taken (case-insensitively) is 409, also nothing changed.
    const other = await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      ...valid,
      name: 'Other',
    });
    const taken = await ctx.request
      .patch(`${projectPolicies(t.projectId)}/${other.id}`)
      .set(bearer(t.admin.access_token))
      .send({ name: 'UNCHANGED' });
    expect(taken.status).to.equal(409);
    expect(taken.body.code).to.equal('policy_name_taken');
    for (const id of [policy.id, other.id])
      await ctx.request
        .delete(`${projectPolicies(t.projectId)}/${id}`)
        .set(bearer(t.admin.access_token))
        .expect(204);
  });

  it('a time window decides by the local time of its zone, on its weekdays, across midnight', async () => {
    await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Office hours in Berlin',
      effect: 'allow',
      actions: ['office:enter'],
      conditions: {
        context: {
          time: {
            time_zone: 'Europe/Berlin',
            weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
            from: '08:00',
            to: '18:00',
          },
        },
      },
    });
    await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Night shift in New York',
      effect: 'allow',
      actions: ['night:work'],
      conditions: {
        context: { time: { time_zone: 'America/New_York', weekdays: ['fri'], from: '22:00', to: '06:00' } },
      },
    });
    const at = async (action: string, time: string) =>
      (await authorize(ctx, t.readToken, { action, context: { time } })).allowed;
    // Monday 2026-11-23: 07:30 UTC is 08:30 in Berlin (CET, UTC+1); 17:30 UTC is 18:30 there.
    expect(await at('office:enter', '2026-11-23T07:30:00Z')).to.equal(true);
    expect(await at('office:enter', '2026-11-23T06:59:00Z')).to.equal(false);
    expect(await at('office:enter', '2026-11-23T17:30:00Z')).to.equal(false);
    expect(await at('office:enter', '2026-11-23T10:00:00+01:00')).to.equal(true);
    // Sunday in Berlin.
    expect(await at('office:enter', '2026-11-22T10:00:00Z')).to.equal(false);
    // Summer time: 06:30 UTC on Monday 2026-06-22 is 08:30 in Berlin (CEST, UTC+2).
    expect(await at('office:enter', '2026-06-22T06:30:00Z')).to.equal(true);
    // Friday 23:00 and Saturday 05:00 in New York (EST, UTC−5) belong to Friday's shift; Saturday 23:00 not.
    expect(await at('night:work', '2026-11-28T04:00:00Z')).to.equal(true);
    expect(await at('night:work', '2026-11-28T10:00:00Z')).to.equal(true);
    expect(await at('night:work', '2026-11-28T12:00:00Z')).to.equal(false);
    expect(await at('night:work', '2026-11-29T04:00:00Z')).to.equal(false);
  });

  it('an address range decides by the source address: IPv4, IPv6, IPv4-mapped, and the request’s own', async () => {
    await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Office network',
      effect: 'allow',
      actions: ['vpn:use'],
      conditions: { context: { source_ip: ['10.20.0.0/16', '2001:db8:abcd::/48', '198.51.100.7'] } },
    });
    await createPolicy(ctx, t.admin.access_token, projectPolicies(t.projectId), {
      name: 'Not from the guest network',
      effect: 'deny',
      actions: ['vpn:use'],
      conditions: { context: { source_ip: ['10.20.99.0/24'] } },
    });
    const from = async (ip?: string) =>
      (await authorize(ctx, t.readToken, { action: 'vpn:use', ...(ip ? { context: { ip } } : {}) })).reason;
    expect(await from('10.20.1.2')).to.equal('allowed_by_policy');
    expect(await from('10.21.1.2')).to.equal('no_matching_policy');
    expect(await from('10.20.99.5')).to.equal('denied_by_policy');
    expect(await from('::ffff:10.20.1.2')).to.equal('allowed_by_policy');
    expect(await from('2001:db8:abcd:12::1')).to.equal('allowed_by_policy');
    expect(await from('2001:db8:abce::1')).to.equal('no_matching_policy');
    expect(await from('198.51.100.7')).to.equal('allowed_by_policy');
    expect(await from('198.51.100.8')).to.equal('no_matching_policy');
    // Without an address in the context, the request's own (loopback here) is checked.
    expect(await from()).to.equal('no_matching_policy');
    const bad = await ctx.request
      .post('/api/v1/authorize')
      .set(bearer(t.readToken))
      .send({ action: 'vpn:use', context: { ip: '10.20.1' } });
    expect(bad.status).to.equal(400);
  });
});
