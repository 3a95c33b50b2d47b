import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { bearer } from '../auth/helpers.js';
import { createTestContext, type TestContext } from '../helpers/context.js';

const b64 = (bytes = 32) => randomBytes(bytes).toString('base64url');

/**
 * Issue #37 item 15: the unanswered-question log must keep no secret of any kind. One question
 * carries every credential format the product issues (and a password, and a random token of no
 * known shape); none may survive, read through the route or straight from the collection.
 */
describe('the unanswered-question log keeps no secrets', function () {
  this.timeout(30_000);
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext({
      env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', ADMIN_EMAILS: 'docs.admin@example.com' },
    });
  });
  after(() => ctx?.close());

  const secrets = {
    apiToken: `cs_${randomBytes(32).toString('hex')}`,
    projectKey: `pk_${randomBytes(32).toString('hex')}`,
    webhookSecret: `whsec_${b64()}`,
    refreshToken: b64(),
    resetToken: b64(),
    leaveToken: b64(),
    exchangeCode: b64(),
    jwt: `eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjMifQ.${b64(64)}`,
    email: 'quux.person@example.com',
    totpSecret: 'JBSWY3DPEHPK3PXPKRSXG5DJNZTQ2LQQ',
    otpauth: 'otpauth://totp/IAM%20Platform:quux?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=IAM',
    recoveryCode: 'k3m9p-x7q2w',
    recoveryUpper: 'RSTUV-WXYZ2',
    germanPassword: 'Sommer!2024x',
    englishPassword: 'hunter2hunter',
    quotedPassword: 'correct horse',
    unknownShape: 'Zq9XwP2mLk7RtY4bNc8VhG3s',
  };
  const question = [
    'zorbulate frobnicate:',
    `token ${secrets.apiToken} key ${secrets.projectKey} hook ${secrets.webhookSecret}`,
    `refresh_token=${secrets.refreshToken}`,
    `https://iam.example.com/reset-password?token=${secrets.resetToken}`,
    `leave link /leave/${secrets.leaveToken} exchange ${secrets.exchangeCode}`,
    `jwt ${secrets.jwt} mail ${secrets.email}`,
    `totp ${secrets.totpSecret} uri ${secrets.otpauth}`,
    `recovery ${secrets.recoveryCode} and ${secrets.recoveryUpper}`,
    `mein Passwort ist ${secrets.germanPassword}, password: ${secrets.englishPassword}`,
    `pwd "${secrets.quotedPassword}" and ${secrets.unknownShape}`,
  ].join(' ');

  it('redacts every token format, passwords and high-entropy strings (route and collection)', async () => {
    expect(question.length).to.be.below(1000);
    const asked = await ctx.request.post('/functions/v1/ai-documentation').send({ question });
    expect(asked.status).to.equal(200);
    expect(asked.body.documentation).to.contain('I found nothing');

    const stored = await ctx.database.connection
      .collection('assistant_unanswered_questions')
      .find({ question: /zorbulate/ })
      .toArray();
    expect(stored).to.have.length(1);

    const { registerConfirmed, login } = await import('../auth/helpers.js');
    await registerConfirmed(ctx, 'docs.admin@example.com');
    const admin = await login(ctx, 'docs.admin@example.com');
    const listed = await ctx.request.get('/api/v1/assistant/unanswered').set(bearer(admin.access_token));
    expect(listed.status).to.equal(200);
    const viaRoute = (listed.body.data as { question: string }[]).find((row) =>
      row.question.includes('zorbulate'),
    );
    expect(viaRoute).to.exist;

    for (const text of [stored[0]!.question as string, viaRoute!.question]) {
      for (const [kind, secret] of Object.entries(secrets)) {
        expect(text.toLowerCase(), kind).not.to.contain(secret.toLowerCase());
        // No telling part of it either (the first 8 characters after any prefix).
        const body = secret.replace(/^(cs_|pk_|whsec_|otpauth:\/\/totp\/)/, '');
        expect(text.toLowerCase(), `${kind} (part)`).not.to.contain(body.slice(0, 8).toLowerCase());
      }
      // The words around the secrets stay, so the question still says what was asked.
      expect(text).to.match(
        /^zorbulate frobnicate: token <api-token> key <project-key> hook <webhook-secret>/,
      );
      expect(text).to.contain('mein passwort ist <password>');
    }
  });
});
