import { Writable } from 'node:stream';
import { expect } from 'chai';
import { pino } from 'pino';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { redactUrl } from '../../src/lib/request-logging.js';

/** Issue #37, items 10 and 14: what a browser and a log reader get. */
describe('security headers and the process log', () => {
  describe('Content-Security-Policy', () => {
    let plain: TestContext;
    let tls: TestContext;
    before(async () => {
      plain = await createTestContext({ env: { PUBLIC_URL: 'http://iam.example.test:3000' } });
      tls = await createTestContext({ env: { PUBLIC_URL: 'https://iam.example.com' } });
    });
    after(async () => {
      await plain?.close();
      await tls?.close();
    });

    it('does not ask browsers to upgrade to https when the server is published over plain HTTP', async () => {
      const res = await plain.request.get('/api/v1/health');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).to.include("default-src 'self'");
      expect(csp).not.to.include('upgrade-insecure-requests');
    });

    it('keeps upgrade-insecure-requests behind https', async () => {
      const res = await tls.request.get('/api/v1/health');
      expect(String(res.headers['content-security-policy'])).to.include('upgrade-insecure-requests');
    });

    it("lets the hosted pages show a pool's https logo, and nothing else loosens", async () => {
      const imgSrc = (csp: string) =>
        csp
          .split(';')
          .find((part) => part.trim().startsWith('img-src'))
          ?.trim();
      const hosted = String(
        (await plain.request.get('/p/0123456789abcdef01234567/sign-in')).headers['content-security-policy'],
      );
      expect(imgSrc(hosted)).to.equal("img-src 'self' data: https:");
      expect(hosted).to.include("script-src 'self'");
      expect(hosted).to.include("default-src 'self'");
      // The dashboard and the API keep images to their own origin.
      const dashboard = String((await plain.request.get('/dashboard')).headers['content-security-policy']);
      expect(imgSrc(dashboard)).to.equal("img-src 'self' data:");
    });
  });

  describe('request URLs in the process log', () => {
    let context: TestContext;
    const lines: string[] = [];
    before(async () => {
      const sink = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      });
      context = await createTestContext({ logger: pino({ level: 'info' }, sink) });
    });
    after(async () => context?.close());

    it('keeps a leave link token out of the log line of its request', async () => {
      const secret = 'lv_' + 'a1b2c3d4'.repeat(6);
      await context.request.get(`/api/v1/organizations/invitations/leave?token=${secret}&lang=de`);
      const logged = lines.join('');
      expect(logged).to.include('/api/v1/organizations/invitations/leave?token=[redacted]&lang=de');
      expect(logged).not.to.include(secret);
    });

    it('redacts OAuth callback codes and states, whatever their case, and keeps other parameters', () => {
      expect(redactUrl('/api/v1/auth/google/callback?state=s3cr3t&code=4%2F0Ab&scope=email')).to.equal(
        '/api/v1/auth/google/callback?state=[redacted]&code=[redacted]&scope=email',
      );
      expect(redactUrl('/x?Token=abc#frag')).to.equal('/x?Token=[redacted]#frag');
      expect(redactUrl('/api/v1/organizations?limit=20')).to.equal('/api/v1/organizations?limit=20');
    });
  });
});
