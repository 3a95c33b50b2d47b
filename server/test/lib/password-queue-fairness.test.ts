import bcrypt from 'bcryptjs';
import { expect } from 'chai';
import {
  createPasswordHasher,
  PasswordHasherBusyError,
  type HashClaimant,
  type PasswordHasher,
} from '../../src/lib/passwords/index.js';

/** A well-formed bcrypt hash (cost 4) that nothing matches. */
const DUMMY = bcrypt.genSaltSync(4) + 'a'.repeat(31);
const QUEUE = 4;

/**
 * The hashing queue is shared fairly between client address groups and accounts (issue 37, item 9).
 * Deterministic: `verify` puts its job into the pool synchronously, so every call below is admitted
 * or refused before any hash can finish; the test counts outcomes, it measures no time.
 */
describe('lib/passwords: the hashing queue is shared fairly between addresses and accounts', () => {
  let hasher: PasswordHasher;
  beforeEach(() => {
    // One thread: one running job, then QUEUE waiting ones.
    hasher = createPasswordHasher({ cost: 4, poolSize: 1, maxQueue: QUEUE });
  });
  afterEach(() => hasher.close());

  /** Starts a verification now; resolves to what became of it, and records the order jobs finished in. */
  function attempt(by: HashClaimant, label: string, finished: string[]): Promise<'checked' | 'busy'> {
    return hasher.verify('wrong password', DUMMY, by).then(
      () => {
        finished.push(label);
        return 'checked' as const;
      },
      (error: unknown) => {
        expect(error).to.be.instanceOf(PasswordHasherBusyError);
        expect((error as PasswordHasherBusyError).retryAfterS).to.be.at.least(1);
        return 'busy' as const;
      },
    );
  }

  const count = (outcomes: string[], outcome: string) => outcomes.filter((o) => o === outcome).length;

  it('admits another address into a queue one address filled, and refuses the flooder instead', async () => {
    const finished: string[] = [];
    const flood = Array.from({ length: 20 }, (_, n) =>
      attempt({ address: '203.0.113.66', account: `flood-${n}@example.com` }, `flood-${n}`, finished),
    );
    const other = attempt({ address: '198.51.100.7', account: 'owner@example.com' }, 'other', finished);
    const floodAgain = attempt({ address: '203.0.113.66', account: 'late@example.com' }, 'late', finished);

    expect(await other).to.equal('checked');
    expect(await floodAgain, 'the flooder stays refused').to.equal('busy');
    const outcomes = await Promise.all(flood);
    // 1 running + 4 waiting admitted, 15 refused at once; the newcomer then took the newest waiting
    // flood job's place, so 4 of the flood were checked and 16 refused.
    expect(count(outcomes, 'checked')).to.equal(4);
    expect(count(outcomes, 'busy')).to.equal(16);
    expect(outcomes[4], 'the newest waiting flood job gave way').to.equal('busy');
    // It does not wait behind the flood either: next after the job that was already running.
    expect(finished.slice(0, 2)).to.deep.equal(['flood-0', 'other']);
  });

  it('admits another account into a queue filled against one account from many addresses', async () => {
    const finished: string[] = [];
    const flood = Array.from({ length: 10 }, (_, n) =>
      attempt({ address: `192.0.2.${n + 1}`, account: 'target@example.com' }, `flood-${n}`, finished),
    );
    const other = attempt({ address: '192.0.2.200', account: 'someone@example.com' }, 'other', finished);
    expect(await other).to.equal('checked');
    const outcomes = await Promise.all(flood);
    expect(count(outcomes, 'checked')).to.equal(4);
    expect(count(outcomes, 'busy')).to.equal(6);
  });

  it('groups IPv6 addresses by /56, as the rate limits do', async () => {
    const finished: string[] = [];
    // Rotating addresses inside one /56 is one flooder.
    const flood = Array.from({ length: 8 }, (_, n) =>
      attempt({ address: `2001:db8:0:1${n}::1`, account: `v6-${n}@example.com` }, `flood-${n}`, finished),
    );
    const other = attempt({ address: '2001:db8:1::1', account: 'owner@example.com' }, 'other', finished);
    expect(await other).to.equal('checked');
    expect(count(await Promise.all(flood), 'busy')).to.equal(4);
  });

  it('refuses a newcomer when nobody holds more than their share (many addresses, one job each)', async () => {
    const finished: string[] = [];
    const spread = Array.from({ length: 1 + QUEUE }, (_, n) =>
      attempt({ address: `192.0.2.${n + 1}`, account: `a-${n}@example.com` }, `spread-${n}`, finished),
    );
    const newcomer = attempt({ address: '192.0.2.100', account: 'b@example.com' }, 'newcomer', finished);
    expect(await newcomer).to.equal('busy');
    expect(count(await Promise.all(spread), 'checked')).to.equal(1 + QUEUE);
  });

  it('keeps first-come order for jobs without a claimant', async () => {
    const finished: string[] = [];
    const jobs = Array.from({ length: 1 + QUEUE }, (_, n) => attempt({}, `job-${n}`, finished));
    expect(await attempt({}, 'overflow', finished)).to.equal('busy');
    await Promise.all(jobs);
    expect(finished).to.deep.equal(['job-0', 'job-1', 'job-2', 'job-3', 'job-4']);
  });
});
