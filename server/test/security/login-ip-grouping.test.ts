import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, uniqueEmail } from '../auth/helpers.js';
import { createTenant } from '../tokens/helpers.js';

const LIMIT = 3;

/**
 * The per-IP login limit behind a trusted proxy: the client address comes from X-Forwarded-For, and
 * IPv6 addresses count by /56 (one customer's allocation), so rotating through a subnet does not
 * escape the limit (docs/security.md, "Rate limiting").
 */
describe('login limit per client address: IPv6 grouped by /56, IPv4-mapped as IPv4', () => {
  let ctx: TestContext;
  let applicationId: string;

  before(async () => {
    ctx = await createAuthContext({
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_IP: String(LIMIT),
      RATE_LIMIT_PER_ACCOUNT: '1000',
    });
    // Set up through the loopback address, whose own budget the tests below never touch.
    applicationId = (await createTenant(ctx, 'ip-grouping')).applicationId;
  });
  after(() => ctx.close());

  /** A failed login (unknown address) from `ip`, as the proxy reports it; answers the status. */
  const loginFrom = async (ip: string, path = '/api/v1/auth/login') => {
    const response = await ctx.request
      .post(path)
      .set('X-Forwarded-For', ip)
      .set('X-Application-ID', applicationId)
      .send({ email: uniqueEmail('ip-grouping'), password: 'wrong password' });
    if (response.status === 429) expect(response.body.code).to.equal('rate_limited');
    return response.status;
  };
  const statusesFrom = async (ips: string[]) => {
    const statuses: number[] = [];
    for (const ip of ips) statuses.push(await loginFrom(ip));
    return statuses;
  };

  it('limits addresses of one /64 together', async () => {
    const statuses = await statusesFrom([
      '2001:db8:a:1::1',
      '2001:db8:a:1::2',
      '2001:db8:a:1:ffff:ffff:ffff:ffff',
      '2001:db8:a:1:1234::5',
    ]);
    expect(statuses).to.deep.equal([401, 401, 401, 429]);
  });

  it('limits different /64s of one /56 together', async () => {
    const statuses = await statusesFrom([
      '2001:db8:b:100::1',
      '2001:db8:b:101::1',
      '2001:db8:b:1a0::1',
      '2001:db8:b:1ff::1',
    ]);
    expect(statuses).to.deep.equal([401, 401, 401, 429]);
  });

  it('keeps different /56s apart', async () => {
    expect(await statusesFrom(['2001:db8:c:100::1', '2001:db8:c:100::2', '2001:db8:c:100::3'])).to.deep.equal(
      [401, 401, 401],
    );
    expect(await loginFrom('2001:db8:c:100::4')).to.equal(429);
    // The neighbouring /56 (…:200::/56) and another prefix have budgets of their own.
    expect(await loginFrom('2001:db8:c:200::1')).to.equal(401);
    expect(await loginFrom('2001:db8:d:100::1')).to.equal(401);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const statuses = await statusesFrom([
      '::ffff:198.51.100.7',
      '198.51.100.7',
      '::ffff:c633:6407',
      '198.51.100.7',
    ]);
    expect(statuses).to.deep.equal([401, 401, 401, 429]);
    expect(await loginFrom('198.51.100.8')).to.equal(401);
  });

  it('applies the same grouping to the embedding API’s login (a shared counter)', async () => {
    expect(await loginFrom('2001:db8:e:1::1')).to.equal(401);
    expect(await loginFrom('2001:db8:e:2::1')).to.equal(401);
    expect(await loginFrom('2001:db8:e:3::1')).to.equal(401);
    expect(await loginFrom('2001:db8:e:4::1', '/api/auth/login')).to.equal(429);
  });
});
