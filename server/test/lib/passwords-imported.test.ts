import bcrypt from 'bcryptjs';
import { expect } from 'chai';
import {
  createPasswordHasher,
  IMPORTED_BCRYPT_MAX_COST,
  IMPORTED_BCRYPT_PREFIX,
  importedPasswordHash,
  isImportableBcryptHash,
  type PasswordHasher,
} from '../../src/lib/passwords/index.js';

/** A bcrypt hash as another product exports it, with the minor version it writes ($2a$, $2b$, $2y$). */
function foreignHash(password: string, minor: 'a' | 'b' | 'y', cost = 4): string {
  const hash = bcrypt.hashSync(password, cost);
  return hash.replace(/^\$2[aby]\$/, `$2${minor}$`);
}

describe('lib/passwords: imported bcrypt hashes (bcrypt-raw:…)', () => {
  let hasher: PasswordHasher;

  before(() => {
    hasher = createPasswordHasher({ cost: 4, poolSize: 1 });
  });
  after(() => hasher.close());

  it('verifies the raw password against $2a$, $2b$ and $2y$ hashes, and refuses a wrong one', async () => {
    for (const minor of ['a', 'b', 'y'] as const) {
      const stored = importedPasswordHash(foreignHash('old shop password', minor));
      expect(stored.startsWith(`${IMPORTED_BCRYPT_PREFIX}$2${minor}$04$`)).to.equal(true);
      expect(await hasher.verify('old shop password', stored), minor).to.equal(true);
      expect(await hasher.verify('old shop passwore', stored), minor).to.equal(false);
      expect(await hasher.verify('', stored), minor).to.equal(false);
    }
  });

  it('compares without the pre-hash: the plain hash alone does not verify, nor a pepper change matter', async () => {
    const hash = foreignHash('pw', 'b');
    // Without the prefix the value is taken for one of ours (pre-hashed), which it is not.
    expect(await hasher.verify('pw', hash)).to.equal(false);
    const peppered = createPasswordHasher({ cost: 4, pepper: 'some-pepper-0123456789', poolSize: 1 });
    try {
      expect(await peppered.verify('pw', importedPasswordHash(hash))).to.equal(true);
    } finally {
      await peppered.close();
    }
  });

  it('keeps the other product’s semantics: the password as typed (no NFKC), 72-byte truncation', async () => {
    const composed = 'Café'.normalize('NFC');
    const stored = importedPasswordHash(foreignHash(composed, 'b'));
    expect(await hasher.verify(composed, stored)).to.equal(true);
    expect(await hasher.verify(composed.normalize('NFD'), stored)).to.equal(false);
    const long = importedPasswordHash(foreignHash('x'.repeat(72) + 'tail', 'b'));
    expect(await hasher.verify('x'.repeat(72) + 'other', long)).to.equal(true);
  });

  it('needsRehash is always true for an imported hash; the re-hash is one of ours', async () => {
    const stored = importedPasswordHash(foreignHash('pw', 'b', 4));
    expect(hasher.needsRehash(stored)).to.equal(true);
    const rehashed = await hasher.hash('pw');
    expect(hasher.needsRehash(rehashed)).to.equal(false);
    expect(await hasher.verify('pw', rehashed)).to.equal(true);
  });

  it('accepts only well-formed hashes of cost 4 to the maximum, also when stored', async () => {
    expect(isImportableBcryptHash(foreignHash('pw', 'a', 4))).to.equal(true);
    expect(isImportableBcryptHash(foreignHash('pw', 'y', 10))).to.equal(true);
    const tooCostly = foreignHash('pw', 'b', 4).replace('$04$', `$${IMPORTED_BCRYPT_MAX_COST + 1}$`);
    for (const value of [
      tooCostly,
      '$2x$10$' + 'a'.repeat(53),
      '$1$abc$def',
      'plain',
      '',
      foreignHash('pw', 'b').slice(0, -1),
    ]) {
      expect(isImportableBcryptHash(value), value).to.equal(false);
      // A stored value that is not importable never verifies (and costs no hashing thread).
      expect(await hasher.verify('pw', importedPasswordHash(value)), value).to.equal(false);
    }
  });
});
