import { expect } from 'chai';
import { checkOrigin } from '@iam-platform/common';

describe('checkOrigin', () => {
  it('accepts scheme, host and port, normalised as browsers send them', () => {
    expect(checkOrigin('http://127.0.0.1:3499')).to.deep.equal({ ok: true, origin: 'http://127.0.0.1:3499' });
    expect(checkOrigin(' https://App.Example.com:443/ ')).to.deep.equal({
      ok: true,
      origin: 'https://app.example.com',
    });
  });

  it('names every reason a pasted URL is not an origin and offers its origin', () => {
    expect(checkOrigin('127.0.0.1:3499/path')).to.deep.equal({
      ok: false,
      problems: ['scheme', 'path'],
      suggestion: 'http://127.0.0.1:3499',
    });
    expect(checkOrigin('app.example.com')).to.deep.equal({
      ok: false,
      problems: ['scheme'],
      suggestion: 'https://app.example.com',
    });
    expect(checkOrigin('https://u:p@a.example/login?next=1#top')).to.deep.equal({
      ok: false,
      problems: ['credentials', 'path', 'query', 'fragment'],
      suggestion: 'https://a.example',
    });
    expect(checkOrigin('https://a.example?')).to.include({ ok: false, suggestion: 'https://a.example' });
  });

  it('refuses wildcards, other schemes and non-hosts without a suggestion', () => {
    expect(checkOrigin('https://*.example.com')).to.deep.equal({
      ok: false,
      problems: ['wildcard'],
      suggestion: null,
    });
    expect(checkOrigin('ftp://files.example')).to.deep.equal({
      ok: false,
      problems: ['unsupported_scheme'],
      suggestion: null,
    });
    expect(checkOrigin('not a url')).to.deep.equal({
      ok: false,
      problems: ['scheme', 'host'],
      suggestion: null,
    });
    expect(checkOrigin('  ')).to.deep.equal({ ok: false, problems: ['empty'], suggestion: null });
  });
});
