import { expect } from 'chai';
import { ERROR_DEFINITIONS } from '../../src/error-catalog.js';
import { COMMON_PASSWORDS_DE } from '../../src/lib/passwords/common-passwords-de.js';
import {
  checkPasswordPolicy,
  isCommonPassword,
  PASSWORD_TOO_COMMON_MESSAGE,
  warmUpPasswordPolicy,
} from '../../src/lib/passwords/policy.js';

/** A pool's password policy (lib/passwords/policy.ts): minimum length, then the shipped list. */
describe('password policy', () => {
  const policy = { minLength: 8 };

  it('loads the shipped list once, offline: tens of thousands of passwords', () => {
    const size = warmUpPasswordPolicy();
    expect(size).to.be.greaterThan(45_000);
    expect(warmUpPasswordPolicy()).to.equal(size);
  });

  it('accepts a password of the minimum length that is on no list', () => {
    expect(checkPasswordPolicy('correct horse battery', policy)).to.equal(null);
    expect(checkPasswordPolicy('Kx9!mQ2z', policy)).to.equal(null);
    expect(checkPasswordPolicy('Tr0ub4dor&3', { minLength: 11 })).to.equal(null);
  });

  it('refuses a short password first, naming the minimum', () => {
    expect(checkPasswordPolicy('Kx9!mQ2', policy)).to.deep.equal({
      code: 'password_too_short',
      message: 'Password must be at least 8 characters long',
    });
    // Short and common: the length is the rule the person can act on first.
    expect(checkPasswordPolicy('123456', policy)?.code).to.equal('password_too_short');
    expect(checkPasswordPolicy('', { minLength: 6 })?.message).to.equal(
      'Password must be at least 6 characters long',
    );
    expect(checkPasswordPolicy('abcdefghijkl', { minLength: 128 })?.code).to.equal('password_too_short');
  });

  it('refuses the most common passwords of the international list', () => {
    for (const password of [
      'password',
      '12345678',
      '123456789',
      'iloveyou',
      'sunshine',
      'qwertyuiop',
      '1q2w3e4r',
    ])
      expect(checkPasswordPolicy(password, { minLength: 6 }), password).to.deep.equal({
        code: 'password_too_common',
        message: PASSWORD_TOO_COMMON_MESSAGE,
      });
  });

  it('ignores case, so Password and PASSWORD are as common as password', () => {
    for (const password of ['Password', 'PASSWORD', 'PassWord', 'Iloveyou', 'Passwort', 'QWERTZ123'])
      expect(isCommonPassword(password), password).to.equal(true);
    expect(checkPasswordPolicy('SunShine', { minLength: 6 })?.code).to.equal('password_too_common');
  });

  it('refuses German favourites and QWERTZ walks the international list lacks', () => {
    for (const password of ['passwort123', 'qwertz123', 'qwertzuiop', 'hallo1234', 'ichliebedich', 'Fußball'])
      expect(checkPasswordPolicy(password, { minLength: 6 })?.code, password).to.equal('password_too_common');
    for (const entry of COMMON_PASSWORDS_DE)
      expect(entry, 'entries are lower case').to.equal(entry.toLowerCase());
  });

  it('compares Unicode-normalised text (a full-width variant is the same password)', () => {
    expect(isCommonPassword('ｐａｓｓｗｏｒｄ')).to.equal(true);
  });

  it('does not refuse a common password inside a longer one', () => {
    expect(checkPasswordPolicy('password is not my password', policy)).to.equal(null);
    expect(checkPasswordPolicy(' password', { minLength: 6 })).to.equal(null);
  });

  it('uses the catalog’s message for password_too_common (clients translate the code)', () => {
    const definition = ERROR_DEFINITIONS.find((entry) => entry.code === 'password_too_common');
    expect(definition, 'password_too_common in server/src/error-catalog.ts').to.exist;
    expect(definition).to.include({ status: 400, message: PASSWORD_TOO_COMMON_MESSAGE });
  });
});
