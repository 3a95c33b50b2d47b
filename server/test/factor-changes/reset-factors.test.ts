import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { createAuthContext, linkIn, signedInUser, waitForMail } from '../auth/helpers.js';
import { authenticatorFor, registerPasskey, type SoftAuthenticator } from '../mfa/passkey-helpers.js';

/*
 * Issue #37 items 1 and 3, the reset's side: a password reset lists the account's second factors
 * (mail and reset screen) and removes those added during the last 24 hours unless kept.
 */
describe('password reset and second factors (dev outbox)', () => {
  let ctx: TestContext;

  before(async () => {
    ctx = await createAuthContext();
  });
  after(async () => {
    await ctx?.close();
  });

  const HOUR = 3_600_000;
  /** Dates a passkey back, as if it had been registered `hours` ago. */
  const ageOf = (id: string, hours: number) =>
    ctx.database.connection
      .collection('mfa_passkeys')
      .updateOne(
        { _id: new Types.ObjectId(id) },
        { $set: { created_at: new Date(Date.now() - hours * HOUR) } },
      );

  async function resetToken(email: string): Promise<{ token: string; text: string }> {
    await ctx.request.post('/api/v1/password-reset').send({ action: 'generate', email }).expect(200);
    const mail = await waitForMail(ctx, email, 'password_reset');
    return { token: linkIn(mail, 'mode=reset').searchParams.get('token')!, text: mail.text };
  }

  const passwordless = async (authenticator: SoftAuthenticator) => {
    const options = await ctx.request.post('/api/v1/auth/passkeys/sign-in/options').expect(200);
    return ctx.request
      .post('/api/v1/auth/passkeys/sign-in')
      .send({ response: authenticator.assert(options.body) });
  };

  it('the attack of the issue: a passkey registered with a stolen token stops signing in once the owner resets', async () => {
    const owner = await signedInUser(ctx, 'reset-attack');
    const attackerKey = authenticatorFor(ctx);
    await registerPasskey(ctx, owner.access_token, attackerKey, 'Angreifer');
    expect((await passwordless(attackerKey)).status, 'before the reset').to.equal(200);

    const { token } = await resetToken(owner.email);
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token, new_password: 'owner resets 1' })
      .expect(200);
    const after = await passwordless(attackerKey);
    expect(after.status, "the attacker's passkey after the reset").to.equal(400);
    expect(after.body.code).to.equal('passkey_not_accepted');
  });

  it('lists the factors in the mail and on the reset screen; removes the 1-hour-old passkey, keeps the 3-day-old one', async () => {
    const owner = await signedInUser(ctx, 'reset-list');
    const oldKey = authenticatorFor(ctx);
    const newKey = authenticatorFor(ctx);
    const old = await registerPasskey(ctx, owner.access_token, oldKey, 'Büro-Laptop');
    const fresh = await registerPasskey(ctx, owner.access_token, newKey, 'Unbekannt');
    await ageOf(old.id, 72);
    await ageOf(fresh.id, 1);

    const { token, text } = await resetToken(owner.email);
    expect(text).to.contain('Zweite Faktoren Ihres Kontos:');
    expect(text).to.match(/• Passkey „Büro-Laptop“, hinzugefügt am .* UTC\n/);
    expect(text).to.match(/• Passkey „Unbekannt“, hinzugefügt am .* UTC – neu in den letzten 24 Stunden/);

    const check = await ctx.request.post('/api/v1/password-reset/check').send({ token }).expect(200);
    expect(check.body.valid).to.equal(true);
    const byName = Object.fromEntries(
      (check.body.factors as { name: string; recent: boolean; type: string; added_at: string }[]).map((f) => [
        f.name,
        f,
      ]),
    );
    expect(byName['Büro-Laptop']).to.include({ type: 'passkey', recent: false });
    expect(byName['Unbekannt']).to.include({ type: 'passkey', recent: true });
    expect(Date.parse(byName['Büro-Laptop']!.added_at)).to.be.below(Date.now() - 71 * HOUR);

    const reset = await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token, new_password: 'owner resets 2' })
      .expect(200);
    expect(reset.body.factors_removed.map((f: { id: string }) => f.id)).to.deep.equal([fresh.id]);
    expect((await passwordless(newKey)).status).to.equal(400);
    expect((await passwordless(oldKey)).status).to.equal(200);
  });

  it('keeps a recent factor when the person keeps it (by id, or all recent ones)', async () => {
    const owner = await signedInUser(ctx, 'reset-keep');
    const keyA = authenticatorFor(ctx);
    const keyB = authenticatorFor(ctx);
    const a = await registerPasskey(ctx, owner.access_token, keyA, 'Neues Telefon');
    await registerPasskey(ctx, owner.access_token, keyB, 'Zweites');
    await ageOf(a.id, 1);

    const first = await resetToken(owner.email);
    const kept = await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token: first.token, new_password: 'owner resets 3', keep_factors: [a.id] })
      .expect(200);
    expect(kept.body.factors_removed.map((f: { name: string }) => f.name)).to.deep.equal(['Zweites']);
    expect((await passwordless(keyA)).status).to.equal(200);

    const other = await signedInUser(ctx, 'reset-keep-all');
    const keyC = authenticatorFor(ctx);
    await registerPasskey(ctx, other.access_token, keyC, 'Drittes');
    await registerPasskey(ctx, other.access_token, authenticatorFor(ctx), 'Viertes');
    const second = await resetToken(other.email);
    const all = await ctx.request
      .post('/api/v1/password-reset')
      .send({
        action: 'reset',
        token: second.token,
        new_password: 'owner resets 4',
        keep_recent_factors: true,
      })
      .expect(200);
    expect(all.body.factors_removed).to.deep.equal([]);
    expect((await passwordless(keyC)).status).to.equal(200);
  });

  it('answers a bad reset token on the check with 400 invalid_reset_token, and never spends a good one', async () => {
    const bad = await ctx.request.post('/api/v1/password-reset/check').send({ token: 'nope' }).expect(400);
    expect(bad.body.code).to.equal('invalid_reset_token');
    const owner = await signedInUser(ctx, 'reset-check');
    const { token } = await resetToken(owner.email);
    await ctx.request.post('/api/v1/password-reset/check').send({ token }).expect(200);
    await ctx.request.post('/api/v1/password-reset/check').send({ token }).expect(200);
    expect(
      (await ctx.request.post('/api/v1/password-reset/check').send({ token })).body.factors,
    ).to.deep.equal([]);
    await ctx.request
      .post('/api/v1/password-reset')
      .send({ action: 'reset', token, new_password: 'owner resets 5' })
      .expect(200);
    await ctx.request.post('/api/v1/password-reset/check').send({ token }).expect(400);
  });
});
