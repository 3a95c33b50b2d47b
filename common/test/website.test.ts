import { expect } from 'chai';
import { normalizeWebsite } from '@iam-platform/common';

describe('normalizeWebsite', () => {
  it('prefixes https:// to an address without a scheme', () => {
    expect(normalizeWebsite('acme.example')).to.equal('https://acme.example');
    expect(normalizeWebsite('  acme.example/about ')).to.equal('https://acme.example/about');
    expect(normalizeWebsite('ftp://acme.example')).to.equal('https://ftp://acme.example');
  });

  it('keeps http:// and https:// in any case', () => {
    expect(normalizeWebsite('http://acme.example')).to.equal('http://acme.example');
    expect(normalizeWebsite('HTTPS://acme.example')).to.equal('HTTPS://acme.example');
  });

  it('leaves an empty or blank value empty', () => {
    expect(normalizeWebsite('')).to.equal('');
    expect(normalizeWebsite('   ')).to.equal('');
  });
});
