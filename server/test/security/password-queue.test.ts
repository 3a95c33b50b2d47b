import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import supertest from 'supertest';
import { defaultPoolSize } from '../../src/lib/passwords/index.js';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, registerConfirmed, uniqueEmail } from '../auth/helpers.js';

const QUEUE_LIMIT = 2;

/**
 * A flood of sign-ins with wrong passwords must not delay everyone else's: the hashing queue is
 * bounded (PASSWORD_HASH_QUEUE_LIMIT), and what does not fit is answered at once with 503
 * `server_busy` and Retry-After — never a 500, and never by waiting behind the whole flood.
 */
describe('password hashing under a sign-in flood: bounded queue, 503 server_busy', function () {
  this.timeout(60_000);

  let ctx: TestContext;
  let server: http.Server;
  let request: ReturnType<typeof supertest>;
  let owner: { email: string; password: string };

  before(async () => {
    // Cost 10, the default: a hash takes tens of milliseconds, so a flood really queues.
    ctx = await createAuthContext({ BCRYPT_COST: '10', PASSWORD_HASH_QUEUE_LIMIT: String(QUEUE_LIMIT) });
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    request = supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    owner = await registerConfirmed(ctx, uniqueEmail('flood-owner'));
  });
  after(async () => {
    await new Promise((resolve) => server.close(resolve));
    await ctx.close();
  });

  const signIn = (email: string, password: string) =>
    request.post('/api/v1/auth/login').send({ email, password });

  async function timed<T>(work: Promise<T>): Promise<[T, number]> {
    const started = performance.now();
    const result = await work;
    return [result, performance.now() - started];
  }

  it('answers the overflow 503 with Retry-After, keeps the owner’s sign-in fast, and recovers', async () => {
    // One sign-in alone: the time a request that hashes takes on this machine, now.
    const [alone, aloneMs] = await timed(signIn(owner.email, owner.password));
    expect(alone.status).to.equal(200);

    const floodSize = 3 * (defaultPoolSize() + QUEUE_LIMIT) + 50;
    // `.then` sends each request now (supertest sends on the first `then`), all at once.
    const flood = Array.from({ length: floodSize }, (_, n) =>
      signIn(uniqueEmail(`flood-${n}`), 'wrong password').then((response) => response),
    );
    // The owner signs in while the flood is in the queue.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const [during, duringMs] = await timed(signIn(owner.email, owner.password));
    const answers = await Promise.all(flood);

    const statuses = answers.map((response) => response.status);
    expect(
      statuses.filter((status) => status !== 401 && status !== 503),
      'only 401 (checked) or 503 (refused)',
    ).to.deep.equal([]);
    const busy = answers.filter((response) => response.status === 503);
    expect(busy.length, 'some sign-ins of the flood were refused as busy').to.be.greaterThan(0);
    expect(statuses.filter((status) => status === 401).length, 'some were processed').to.be.greaterThan(0);
    for (const response of busy) {
      expect(response.body).to.deep.equal({
        error: 'The server is busy. Please try again in a few seconds.',
        code: 'server_busy',
      });
      expect(response.headers['retry-after']).to.match(/^[1-9]\d*$/);
    }

    // Without a bound, the owner would wait behind the whole flood: about floodSize hashes spread
    // over the threads. Refused or served, the answer comes long before that.
    expect([200, 503]).to.include(during.status);
    const unboundedWaitMs = (floodSize * aloneMs) / defaultPoolSize();
    expect(duringMs, `owner's sign-in during the flood (alone: ${Math.round(aloneMs)} ms)`).to.be.below(
      unboundedWaitMs / 2,
    );

    // The queue has drained: sign-ins are accepted again.
    await signIn(owner.email, owner.password).expect(200);
    await signIn(uniqueEmail('after-flood'), 'wrong password').expect(401);
  });
});
