import bcrypt from 'bcryptjs';
import { expect } from 'chai';
import { PasswordHasherBusyError } from '../../src/lib/passwords/index.js';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, registerConfirmed, uniqueEmail } from '../auth/helpers.js';

const FLOODER = '203.0.113.66';
const QUEUE_LIMIT = 4;

/**
 * Issue 37, item 9: a sign-in flood from one address filled the hashing queue, and everyone else's
 * sign-in got 503 server_busy. The queue is now shared fairly by address group and account. The
 * flood fills the app's own hasher (the one sign-in uses) with jobs of cost 14: the running one takes
 * over a second, so the queue is still full when the sign-ins below arrive a few milliseconds later.
 * The test counts admissions and refusals; it asserts no time.
 */
describe('password hashing under a sign-in flood from one address: others still get in', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let owner: { email: string; password: string };

  before(async () => {
    ctx = await createAuthContext({
      TRUST_PROXY: 'true',
      PASSWORD_HASH_THREADS: '1',
      PASSWORD_HASH_QUEUE_LIMIT: String(QUEUE_LIMIT),
    });
    owner = await registerConfirmed(ctx, uniqueEmail('fair-owner'));
  });
  after(() => ctx.close());

  const signIn = (from: string, email: string, password: string) =>
    ctx.request.post('/api/v1/auth/login').set('X-Forwarded-For', from).send({ email, password });

  it('answers the flooder 503 server_busy and admits another address’s sign-in', async () => {
    const slowHash = bcrypt.genSaltSync(14) + 'a'.repeat(31);
    const outcomes: string[] = [];
    const flood = Array.from({ length: 1 + QUEUE_LIMIT + 3 }, (_, n) =>
      ctx.services.passwords
        .verify('wrong password', slowHash, { address: FLOODER, account: `flood-${n}@example.com` })
        .then(
          () => outcomes.push('checked'),
          (error: unknown) => outcomes.push(error instanceof PasswordHasherBusyError ? 'busy' : 'closed'),
        ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    // One running, QUEUE_LIMIT waiting, the rest refused at once.
    expect(outcomes).to.deep.equal(['busy', 'busy', 'busy']);

    // The flooder's next sign-in is refused at once, as before.
    const flooder = await signIn(FLOODER, uniqueEmail('flood-http'), 'wrong password');
    expect(flooder.status).to.equal(503);
    expect(flooder.body).to.deep.equal({
      error: 'The server is busy. Please try again in a few seconds.',
      code: 'server_busy',
    });
    expect(flooder.headers['retry-after']).to.match(/^[1-9]\d*$/);

    // Someone else, from another address, is admitted: the flood's newest waiting job gives way.
    const other = await signIn('198.51.100.7', owner.email, owner.password);
    expect(other.status, JSON.stringify(other.body)).to.equal(200);
    expect(outcomes.filter((outcome) => outcome === 'busy')).to.have.length(4);

    await ctx.close(); // ends the slow flood jobs instead of hashing them
    await Promise.all(flood);
    expect(outcomes.filter((outcome) => outcome === 'checked').length).to.be.at.most(1);
  });
});
