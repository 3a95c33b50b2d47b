import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { applicationHeader, signedInEndUser, type EndUser } from '../helpers/end-users.js';
import {
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';
import {
  bearer,
  createAuthContext,
  linkIn,
  login,
  outbox,
  PASSWORD,
  signedInUser,
  uniqueEmail,
  waitForMail,
  type OutboxMail,
} from './helpers.js';
import { ageSession } from './step-up-helpers.js';
import { renderTemplate } from '../../src/modules/mail/index.js';

/** What the service masks the new address to in the notices to the old one. */
const masked = (email: string) => `${email.slice(0, 1)}***${email.slice(email.lastIndexOf('@'))}`;

/**
 * Changing one's own e-mail address (issue #31, the account page): POST /api/v1/auth/me/email asks,
 * the link to the new address completes it through POST /api/v1/auth/me/email/confirm; per pool.
 */
describe('e-mail change with confirmation', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let owner: User;
  /** Two projects of the owner, so two pools, each with an application. */
  let projectA: string;
  let appA: string;
  let appB: string;

  const ask = (accessToken: string, body: Record<string, unknown>) =>
    ctx.request.post('/api/v1/auth/me/email').set(bearer(accessToken)).send(body);
  const confirm = (token: string) => ctx.request.post('/api/v1/auth/me/email/confirm').send({ token });
  const me = (accessToken: string) => ctx.request.get('/api/v1/auth/me').set(bearer(accessToken));
  const endUserLogin = (applicationId: string, email: string, password = PASSWORD) =>
    ctx.request.post('/api/auth/login').set(applicationHeader(applicationId)).send({ email, password });

  /** The token of the confirmation link mailed to `to`, and where the link leads. */
  async function linkTo(to: string): Promise<{ token: string; link: URL; mail: OutboxMail }> {
    const mail = await waitForMail(ctx, to, 'email_change');
    const link = linkIn(mail, 'mode=confirm-email');
    return { token: link.searchParams.get('token')!, link, mail };
  }

  before(async () => {
    ctx = await createAuthContext();
    owner = await signedInUser(ctx, 'ec-owner');
    const organization = await createOrganization(ctx, owner);
    projectA = (await createProject(ctx, owner, organization)).id;
    appA = (await createApplication(ctx, owner, projectA)).id;
    const projectB = (await createProject(ctx, owner, organization)).id;
    appB = (await createApplication(ctx, owner, projectB)).id;
  });

  after(async () => {
    await ctx.services.auth.drain();
    await ctx.close();
  });

  it('a team account: the new address confirms, the old one no longer signs in, the new one does; the old address is told twice', async () => {
    const user = await signedInUser(ctx, 'ec-team');
    const other = await login(ctx, user.email, user.password);
    const next = uniqueEmail('ec-team-new');

    const asked = await ask(user.access_token, { email: next.toUpperCase(), password: user.password });
    expect(asked.status, JSON.stringify(asked.body)).to.equal(202);
    expect(asked.body.success).to.equal(true);

    const { token, link, mail } = await linkTo(next);
    expect(`${link.origin}${link.pathname}`).to.equal(`${ctx.config.auth.dashboardUrl}/auth`);
    expect(link.searchParams.get('mode')).to.equal('confirm-email');
    expect(mail.subject).to.equal('Bitte bestätigen Sie Ihre neue E-Mail-Adresse');
    const notice = await waitForMail(ctx, user.email, 'email_change_requested');
    expect(notice.text).to.contain(masked(next));
    expect(notice.text).not.to.contain(next);
    linkIn(notice, '/auth?mode=reset&token=');
    // Only a hash of the token is stored, with the new address as its payload.
    const stored = await ctx.database.connection
      .collection('auth_tokens')
      .findOne({ purpose: 'email_change', user_id: new Types.ObjectId(user.user.id) });
    expect(stored?.token_hash).to.be.a('string').and.not.equal(token);
    expect(JSON.stringify(stored)).not.to.contain(token);
    expect((stored!.expires_at as Date).getTime() - Date.now()).to.be.within(3_590_000, 3_600_000);

    // Nothing changes before the confirmation.
    expect((await me(user.access_token).expect(200)).body.email).to.equal(user.email);

    const confirmed = await confirm(token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    expect(confirmed.body).to.deep.equal({ success: true, email: next });

    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: user.email, password: user.password })
      .expect(401);
    const fresh = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: next, password: user.password })
      .expect(200);
    expect(fresh.body.user.email).to.equal(next);
    expect(fresh.body.user.is_verified).to.equal(true);
    // The session that asked stays; the account's other sessions ended.
    expect((await me(user.access_token).expect(200)).body.email).to.equal(next);
    expect((await me(other.access_token)).status).to.equal(401);

    const done = await waitForMail(ctx, user.email, 'email_changed');
    expect(done.text).to.contain(masked(next));
    const audit = await ctx.database.connection
      .collection('activity_logs')
      .findOne({ action: 'user.email_changed', resource_id: user.user.id });
    expect(audit?.metadata).to.include({ from: user.email, to: next, sessions_ended: 1 });
    // The link was spent.
    expect((await confirm(token)).body.code).to.equal('invalid_email_change_token');
  });

  it('an end user on the hosted account page: within their pool, an address used in another pool or by a team account does not stand in the way', async () => {
    const shopper = await signedInEndUser(ctx, appA, { prefix: 'ec-shopper' });
    const next = uniqueEmail('ec-shared');
    // The same address is someone else's in project B's pool and on the dashboard.
    const elsewhere = await signedInEndUser(ctx, appB, { email: next, password: 'another pool password' });
    await ctx.request.post('/api/v1/auth/register').send({ email: next, password: PASSWORD }).expect(201);

    // The end user's own application session, just signed in (a fresh proof): no password needed.
    const asked = await ask(shopper.token, { email: next });
    expect(asked.status, JSON.stringify(asked.body)).to.equal(202);
    const { token, link } = await linkTo(next);
    expect(`${link.origin}${link.pathname}`).to.equal(`${ctx.config.publicUrl}/p/${projectA}/account`);
    expect(link.searchParams.get('mode')).to.equal('confirm-email');
    const notice = await waitForMail(ctx, shopper.email, 'email_change_requested');
    linkIn(notice, `/p/${projectA}/reset?token=`);
    expect((await outbox(ctx, next)).map((mail) => mail.template_name)).not.to.include('email_change_taken');

    const confirmed = await confirm(token);
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);

    expect((await endUserLogin(appA, shopper.email)).status).to.equal(401);
    const signedIn = await endUserLogin(appA, next);
    expect(signedIn.status, JSON.stringify(signedIn.body)).to.equal(200);
    expect(signedIn.body.user.id).to.equal(shopper.id);
    // Project B's account with that address is untouched, with its own password.
    const there = await endUserLogin(appB, next, 'another pool password');
    expect(there.status).to.equal(200);
    expect(there.body.user.id).to.equal(elsewhere.id);
    await waitForMail(ctx, shopper.email, 'email_changed');
  });

  it('an address in use in the pool: 202 as for a free one, its owner is told, nothing is switched', async () => {
    const shopper = await signedInEndUser(ctx, appA, { prefix: 'ec-asker' });
    const holder: EndUser = await signedInEndUser(ctx, appA, { prefix: 'ec-holder' });
    const free = uniqueEmail('ec-free');

    const forTaken = await ask(shopper.token, { email: holder.email });
    const forFree = await ask(shopper.token, { email: free });
    expect(forTaken.status).to.equal(202);
    expect(forTaken.body).to.deep.equal(forFree.body);

    const told = await waitForMail(ctx, holder.email, 'email_change_taken');
    linkIn(told, `/p/${projectA}/sign-in`);
    await linkTo(free);
    await ctx.services.auth.drain();
    expect((await outbox(ctx, holder.email)).map((mail) => mail.template_name)).not.to.include(
      'email_change',
    );
    const notices = (await outbox(ctx, shopper.email)).filter(
      (mail) => mail.template_name === 'email_change_requested',
    );
    expect(notices.map((mail) => mail.text.includes(masked(holder.email)))).to.include(true);
    expect((await me(shopper.token).expect(200)).body.email).to.equal(shopper.email);
    expect((await endUserLogin(appA, holder.email, holder.password)).body.user.id).to.equal(holder.id);
  });

  it('an address that got an account after the link was sent: 409 email_taken, nothing changed', async () => {
    const shopper = await signedInEndUser(ctx, appA, { prefix: 'ec-late' });
    const next = uniqueEmail('ec-late-new');
    await ask(shopper.token, { email: next }).expect(202);
    const { token } = await linkTo(next);
    await signedInEndUser(ctx, appA, { email: next });

    const refused = await confirm(token);
    expect(refused.status).to.equal(409);
    expect(refused.body.code).to.equal('email_taken');
    expect((await me(shopper.token).expect(200)).body.email).to.equal(shopper.email);
    expect((await endUserLogin(appA, shopper.email)).status).to.equal(200);
  });

  it('refuses an expired, used or replaced link, and one whose session has ended', async () => {
    const user = await signedInUser(ctx, 'ec-links');
    const invalid = async (token: string) => {
      const refused = await confirm(token);
      expect(refused.status, JSON.stringify(refused.body)).to.equal(400);
      expect(refused.body.code).to.equal('invalid_email_change_token');
    };

    // Expired: an hour has passed.
    const first = uniqueEmail('ec-expired');
    await ask(user.access_token, { email: first }).expect(202);
    const expired = (await linkTo(first)).token;
    await ctx.database.connection
      .collection('auth_tokens')
      .updateMany(
        { purpose: 'email_change', user_id: new Types.ObjectId(user.user.id) },
        { $set: { expires_at: new Date(Date.now() - 1000) } },
      );
    await invalid(expired);

    // Replaced by a newer request.
    const second = uniqueEmail('ec-replaced');
    const third = uniqueEmail('ec-newer');
    await ask(user.access_token, { email: second }).expect(202);
    const replaced = (await linkTo(second)).token;
    await ask(user.access_token, { email: third }).expect(202);
    const newer = (await linkTo(third)).token;
    await invalid(replaced);

    // The session that asked has signed out: the change lapses.
    await ctx.request.post('/api/v1/auth/logout').set(bearer(user.access_token)).expect(200);
    await invalid(newer);
    await invalid('not-a-token');
    await ctx.request.post('/api/v1/auth/me/email/confirm').send({}).expect(400);

    const again = await login(ctx, user.email, user.password);
    expect((await me(again.access_token).expect(200)).body.email).to.equal(user.email);
  });

  it('asks for a fresh proof: a step-up, or the current password (checked like a sign-in)', async () => {
    const user = await signedInUser(ctx, 'ec-proof');
    await ageSession(ctx, user.access_token);
    const next = uniqueEmail('ec-proof-new');

    const stale = await ask(user.access_token, { email: next });
    expect(stale.status).to.equal(403);
    expect(stale.body.code).to.equal('reauthentication_required');
    const wrong = await ask(user.access_token, { email: next, password: 'not the password' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.code).to.equal('wrong_current_password');
    await ctx.services.auth.drain();
    expect(await outbox(ctx, next)).to.deep.equal([]);

    await ask(user.access_token, { email: next, password: user.password }).expect(202);
    await linkTo(next);

    // A fresh step-up instead of the password.
    await ctx.request
      .post('/api/v1/auth/reauthenticate')
      .set(bearer(user.access_token))
      .send({ password: user.password })
      .expect(200);
    await ask(user.access_token, { email: uniqueEmail('ec-proof-stepped') }).expect(202);

    const same = await ask(user.access_token, { email: user.email.toUpperCase(), password: user.password });
    expect(same.status).to.equal(400);
    expect(same.body.code).to.equal('email_unchanged');
  });

  it('is for the account’s own session only: none → 401, an API token → 403, another pool’s password is no proof', async () => {
    await ctx.request.post('/api/v1/auth/me/email').send({ email: uniqueEmail() }).expect(401);
    const token = await createToken(ctx, owner, appA, ['read', 'write']);
    const refused = await ask(token, { email: uniqueEmail('ec-token'), password: owner.password });
    expect(refused.status).to.equal(403);
    expect(refused.body.code).to.equal('token_not_allowed');

    // The owner as a customer of project A: the dashboard account's password is another account's.
    const customer = await signedInEndUser(ctx, appA, { email: owner.email, password: 'the shop password' });
    const wrong = await ask(customer.token, { email: uniqueEmail('ec-cross'), password: owner.password });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.code).to.equal('wrong_current_password');
    const next = uniqueEmail('ec-cross-ok');
    await ask(customer.token, { email: next, password: 'the shop password' }).expect(202);
    await confirm((await linkTo(next)).token).expect(200);
    // Only the end user's account moved; the dashboard account keeps its address.
    expect((await me(owner.access_token).expect(200)).body.email).to.equal(owner.email);
    expect((await me(customer.token).expect(200)).body.email).to.equal(next);
  });

  it('writes its mails in German and English, for team accounts and in a pool’s name', () => {
    const values: Record<string, string> = {
      name: 'Ada',
      productName: 'Kaffeehaus Müller',
      confirmLink: 'https://iam.example.com/p/665f1c0b9d3e4a1b2c3d4e5f/account?mode=confirm-email&token=t',
      resetLink: 'https://iam.example.com/p/665f1c0b9d3e4a1b2c3d4e5f/reset?token=r',
      signInUrl: 'https://iam.example.com/p/665f1c0b9d3e4a1b2c3d4e5f/sign-in',
      newEmail: 'n***@example.org',
    };
    for (const template of [
      'email_change',
      'email_change_requested',
      'email_change_taken',
      'email_changed',
    ] as const) {
      for (const locale of ['de', 'en'] as const) {
        const mail = renderTemplate(template, values, { locale, audience: 'pool' });
        expect(mail.html, `${template} ${locale}`).to.contain(`<html lang="${locale}">`);
        expect(mail.text, `${template} ${locale}`).to.contain(locale === 'de' ? 'Hallo Ada,' : 'Hello Ada,');
        for (const part of [mail.subject, mail.html, mail.text]) {
          expect(part, `${template} ${locale}`).not.to.contain('{{');
          expect(part, `${template} ${locale}`).not.to.match(/IAM Platform|Dashboard|API-Token|API token/);
        }
      }
    }
  });
});
