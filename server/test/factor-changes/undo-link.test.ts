import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import {
  bearer,
  createAuthContext,
  latestMail,
  linkIn,
  outbox,
  PASSWORD,
  signedInUser,
} from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, totpAt } from '../mfa/helpers.js';
import { authenticatorFor, registerPasskey } from '../mfa/passkey-helpers.js';

/*
 * Issue #37 items 1 and 3, the owner's side: a stolen session adds a second factor; the owner is
 * mailed at once and the mail's "Das war ich nicht" link takes the account back.
 */
describe('factor notices with a "this wasn\'t me" link (dev outbox)', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await createAuthContext();
  });
  after(async () => {
    await ctx?.close();
  });

  const undoPath = (link: URL) => `${link.pathname}${link.search}`;
  const listPasskeys = (token: string) => ctx.request.get('/api/v1/auth/mfa/passkeys').set(bearer(token));

  it('mails the owner when a stolen session adds a passkey; the link removes it, ends every session and blocks the password', async () => {
    const owner = await signedInUser(ctx, 'undo-passkey');
    // The attacker holds only a copy of the owner's session (its access and refresh token).
    const stolen = { access: owner.access_token, refresh: owner.refresh_token };
    const attackerKey = authenticatorFor(ctx);
    await registerPasskey(ctx, stolen.access, attackerKey, 'Angreifer');

    const notice = await latestMail(ctx, owner.email, 'second_factor_changed');
    expect(notice.subject).to.equal('Sicherheitshinweis: Anmeldung Ihres Kontos geändert');
    expect(notice.text).to.contain('der Passkey „Angreifer“ wurde hinzugefügt');
    expect(notice.html).to.contain('Das war ich nicht');
    const link = linkIn(notice, '/auth/factor-changes/undo');
    expect(link.searchParams.get('lang')).to.equal('de');

    // Following the link shows a page and changes nothing (mail scanners follow links).
    const page = await ctx.request.get(undoPath(link)).set('Accept', 'text/html').expect(200);
    expect(page.type).to.equal('text/html');
    expect(page.text).to.contain('Das war ich nicht');
    expect(page.text).to.contain('<form method="post"');
    expect((await listPasskeys(stolen.access).expect(200)).body.data).to.have.length(1);

    // The confirmation button posts the form.
    const done = await ctx.request
      .post(undoPath(link))
      .type('form')
      .send({ token: link.searchParams.get('token') })
      .expect(200);
    expect(done.text).to.contain('Ihr Konto ist gesichert');

    const stored = await ctx.database.connection
      .collection('mfa_passkeys')
      .findOne({ credential_id: attackerKey.id });
    expect(stored, "the attacker's passkey is gone").to.equal(null);
    await ctx.request.post('/api/v1/auth/refresh').send({ refresh_token: stolen.refresh }).expect(401);
    await ctx.request.get('/api/v1/auth/me').set(bearer(stolen.access)).expect(401);
    const refused = await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: owner.email, password: PASSWORD })
      .expect(401);
    expect(refused.body.code).to.equal('invalid_credentials');
    // The passkey no longer signs in either.
    const options = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
    await ctx.request
      .post('/api/v1/auth/passkeys/sign-in')
      .send({ response: attackerKey.assert(options.body) })
      .expect(400);

    // The reset link comes by mail; the owner sets a new password and is back in.
    const secured = await latestMail(ctx, owner.email, 'factor_change_undone');
    expect(secured.text).to.contain('Wir haben den Passkey „Angreifer“ entfernt.');
    const reset = linkIn(secured, 'mode=reset');
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token: reset.searchParams.get('token'), new_password: 'the owner again 1' })
      .expect(200);
    await ctx.request
      .post('/api/v1/auth/login')
      .send({ email: owner.email, password: 'the owner again 1' })
      .expect(200);

    // Single use: the link is spent.
    const again = await ctx.request
      .post('/api/v1/auth/factor-changes/undo')
      .send({ token: link.searchParams.get('token') })
      .expect(400);
    expect(again.body.code).to.equal('invalid_undo_link');
  });

  it('undoes a TOTP enrolment: the authenticator app is removed', async () => {
    const owner = await signedInUser(ctx, 'undo-totp');
    const started = await ctx.request
      .post('/api/v1/auth/mfa/totp')
      .set(bearer(owner.access_token))
      .expect(200);
    await awayFromStepEdge();
    await ctx.request
      .post('/api/v1/auth/mfa/totp/confirm')
      .set(bearer(owner.access_token))
      .send({ code: totpAt(started.body.secret, currentStep()) })
      .expect(200);
    const notice = await latestMail(ctx, owner.email, 'second_factor_changed');
    expect(notice.text).to.contain('die Authenticator-App (TOTP) wurde eingerichtet');
    const link = linkIn(notice, '/auth/factor-changes/undo');
    const result = await ctx.request
      .post('/api/v1/auth/factor-changes/undo')
      .send({ token: link.searchParams.get('token') })
      .expect(200);
    expect(result.body).to.include({ kind: 'totp_enabled', factor_removed: true });
    expect(await ctx.database.connection.collection('mfa_factors').countDocuments({})).to.equal(0);
  });

  it('mails a removed passkey too, while another is left', async () => {
    const owner = await signedInUser(ctx, 'undo-kinds');
    const first = await registerPasskey(ctx, owner.access_token, authenticatorFor(ctx), 'Eins');
    await registerPasskey(ctx, owner.access_token, authenticatorFor(ctx), 'Zwei');
    await ctx.request
      .delete(`/api/v1/auth/mfa/passkeys/${first.id}`)
      .set(bearer(owner.access_token))
      .send({ password: PASSWORD })
      .expect(204);
    const notices = (await outbox(ctx, owner.email)).filter(
      (m) => m.template_name === 'second_factor_changed',
    );
    expect(notices.map((m) => m.text).join('\n')).to.contain('ein Passkey wurde entfernt');
    expect(notices).to.have.length(3);
  });

  it('does nothing to another account, and refuses expired links', async () => {
    const alice = await signedInUser(ctx, 'undo-alice');
    const bob = await signedInUser(ctx, 'undo-bob');
    await registerPasskey(ctx, alice.access_token, authenticatorFor(ctx), 'Alice');
    await registerPasskey(ctx, bob.access_token, authenticatorFor(ctx), 'Bob');
    const bobLink = linkIn(await latestMail(ctx, bob.email, 'second_factor_changed'), '/factor-changes/undo');
    await ctx.request
      .post('/api/v1/auth/factor-changes/undo')
      .send({ token: bobLink.searchParams.get('token') })
      .expect(200);
    // Alice's session, password and passkey are untouched by Bob's link.
    await ctx.request.get('/api/v1/auth/me').set(bearer(alice.access_token)).expect(200);
    await ctx.request.post('/api/v1/auth/login').send({ email: alice.email, password: PASSWORD }).expect(200);
    expect((await listPasskeys(alice.access_token).expect(200)).body).to.have.nested.property(
      'data.length',
      1,
    );

    const aliceLink = linkIn(
      await latestMail(ctx, alice.email, 'second_factor_changed'),
      '/factor-changes/undo',
    );
    await ctx.database.connection
      .collection('factor_change_undo_links')
      .updateMany({ used_at: null }, { $set: { expires_at: new Date(Date.now() - 1000) } });
    const expired = await ctx.request.get(undoPath(aliceLink)).set('Accept', 'application/json').expect(400);
    expect(expired.body.code).to.equal('invalid_undo_link');
    const page = await ctx.request.get(undoPath(aliceLink)).set('Accept', 'text/html').expect(400);
    expect(page.text).to.contain('ungültig, abgelaufen');
    await ctx.request.get('/api/v1/auth/me').set(bearer(alice.access_token)).expect(200);
  });

  it('writes the notice and the page in English for an account that reads English mail', async () => {
    const owner = await signedInUser(ctx, 'undo-en');
    await ctx.request
      .patch('/api/v1/email/preferences')
      .set(bearer(owner.access_token))
      .send({ locale: 'en' })
      .expect(200);
    await registerPasskey(ctx, owner.access_token, authenticatorFor(ctx), 'Laptop');
    const notice = await latestMail(ctx, owner.email, 'second_factor_changed');
    expect(notice.subject).to.equal('Security notice: how your account signs in has changed');
    expect(notice.text).to.contain('the passkey “Laptop” was added');
    expect(notice.html).to.contain('This wasn’t me');
    const link = linkIn(notice, '/auth/factor-changes/undo');
    expect(link.searchParams.get('lang')).to.equal('en');
    const page = await ctx.request.get(undoPath(link)).set('Accept', 'text/html').expect(200);
    expect(page.text).to.contain('<html lang="en">');
    expect(page.text).to.contain('Undo the change and secure my account');
  });
});
