import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { signedInEndUser, type EmbeddingSession, type EndUser } from '../helpers/end-users.js';
import { addMember } from '../projects/helpers.js';
import { bearer, PASSWORD, signedInUser, uniqueEmail, registerConfirmed, login } from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, enrolledUser, totpAt } from '../mfa/helpers.js';
import { createTenant, createToken, type Tenant } from '../tokens/helpers.js';
import { createWebhook, createWebhookContext, startReceiver, type Receiver } from '../webhooks/helpers.js';

type User = Awaited<ReturnType<typeof signedInUser>>;
type Row = Record<string, unknown>;
interface PersonalDataExport {
  format: string;
  profile: Row;
  [section: string]: Row[] | Row | string;
}
/** One field of every row of an export section. */
const column = (json: PersonalDataExport, section: string, field: string) =>
  (json[section] as Row[]).map((row) => row[field]);
const INSTALLATION = `inst_${'c3'.repeat(16)}`;
const ANONYMOUS = `anon_${'c3'.repeat(16)}`;

/** The export as the browser downloads it (a JSON attachment). */
async function download(ctx: TestContext, user: { access_token: string }) {
  // A dashboard session, or an end user's application session (the pool's hosted account page).
  const response = await ctx.request
    .get('/api/v1/auth/me/export')
    .set(bearer(user.access_token))
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => done(null, text));
    })
    .expect(200);
  expect(response.headers['content-type']).to.match(/^application\/json/);
  expect(response.headers['content-disposition']).to.match(
    /^attachment; filename="?iam-platform-export-\d{4}-\d{2}-\d{2}\.json"?$/,
  );
  return { text: response.body as string, json: JSON.parse(response.body as string) as PersonalDataExport };
}

describe('GDPR self-service: export and deletion of one’s own account', function () {
  this.timeout(30_000);
  let ctx: TestContext;
  let receiver: Receiver;
  let alice: User;
  let bob: User;
  let tenant: Tenant;
  let apiToken: string;
  /** Alice as a customer of Bob's application: an end user of its pool, another account. */
  let aliceAtShop: EndUser & EmbeddingSession;
  let aliceEmbeddingToken: string;

  before(async () => {
    ctx = await createWebhookContext();
    receiver = await startReceiver();
    alice = await signedInUser(ctx, 'alice');
    bob = await signedInUser(ctx, 'bob');
    // Bob's organization, with Alice as a member and a webhook that hears about deletions.
    tenant = await createTenant(ctx, 'bob-co', bob);
    await addMember(ctx, bob, tenant.organizationId, alice);
    await createWebhook(ctx, bob.access_token, tenant.organizationId, {
      url: receiver.url,
      events: ['user.deleted'],
    });
    // Alice: a second session and an API token; as the shop's customer, a device linked to her.
    await login(ctx, alice.email);
    apiToken = (await createToken(ctx, alice, tenant.applicationId, { name: 'Alice CLI' })).token;
    aliceAtShop = await signedInEndUser(ctx, tenant.applicationId, { prefix: 'alice-shop' });
    aliceEmbeddingToken = aliceAtShop.token;
    const sdk = { 'X-Application-ID': tenant.applicationId };
    await ctx.request
      .post('/api/v1/installations')
      .set(sdk)
      .send({ installation_id: INSTALLATION, anonymous_id: ANONYMOUS, is_anonymous: true })
      .expect(201);
    await ctx.request
      .post('/api/v1/identify')
      .set(sdk)
      .set(bearer(aliceEmbeddingToken))
      .send({ anonymous_id: ANONYMOUS, installation_id: INSTALLATION })
      .expect(200);
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('exports every personal datum as one JSON download, and nothing secret or of anyone else', async () => {
    const { text, json } = await download(ctx, alice);
    expect(json.format).to.equal('iam-platform-personal-data/1');
    expect(json.profile).to.include({
      id: alice.user.id,
      email: alice.email,
      is_verified: true,
      has_password: true,
    });
    expect((json.memberships as Row[]).map((m) => (m.organization as Row | null)?.name)).to.deep.equal([
      'Org bob-co',
    ]);
    expect((json.memberships as Row[])[0]!.role).to.equal('member');
    expect((json.sessions as Row[]).length, 'two dashboard sign-ins').to.equal(2);
    expect(column(json, 'sessions', 'method')).to.include('password');
    expect(json.api_tokens as Row[]).to.have.length(1);
    expect((json.api_tokens as Row[])[0]).to.include({ name: 'Alice CLI', prefix: apiToken.slice(0, 8) });
    expect(column(json, 'activity', 'action')).to.include.members([
      'user.registered',
      'user.login',
      'token.created',
    ]);
    // The device belongs to Alice's account at the shop (another pool), not to this one.
    expect(column(json, 'installations', 'installation_id')).to.deep.equal([]);
    expect(column(json, 'anonymous_users', 'anonymous_id')).to.deep.equal([]);
    expect(column(json, 'emails', 'template_name')).to.include.members([
      'email_confirmation',
      'welcome',
      'project_invitation',
    ]);
    expect(column(json, 'emails', 'recipient_email').every((to) => to === alice.email)).to.equal(true);

    // No password hash, no token or hash, no refresh token; nothing about Bob.
    expect(text).not.to.match(/\$2[aby]\$/);
    expect(text).not.to.contain('password_hash');
    expect(text).not.to.contain('token_hash');
    expect(text).not.to.contain(apiToken);
    expect(text).not.to.contain(alice.refresh_token);
    expect(text).not.to.contain(bob.email);
    // Bob appears only as who invited her, never with his own records.
    expect((json.memberships as Row[])[0]!.invited_by).to.equal(bob.user.id);
    expect(column(json, 'activity', 'user_id').every((id) => id === alice.user.id)).to.equal(true);
    expect(text).not.to.contain(aliceAtShop.email);
  });

  it('exports an end user’s data with their own application session: the device the SDK linked, nothing of the dashboard', async () => {
    const { text, json } = await download(ctx, { access_token: aliceAtShop.token });
    expect(json.profile).to.include({ id: aliceAtShop.id, email: aliceAtShop.email, is_verified: true });
    expect(json.memberships as Row[]).to.deep.equal([]);
    expect(json.api_tokens as Row[]).to.deep.equal([]);
    expect((json.sessions as Row[]).length, 'one sign-in through the application').to.equal(1);
    expect(column(json, 'installations', 'installation_id')).to.deep.equal([INSTALLATION]);
    expect(column(json, 'anonymous_users', 'anonymous_id')).to.deep.equal([ANONYMOUS]);
    expect(column(json, 'emails', 'template_name')).to.include('email_confirmation');
    expect(column(json, 'emails', 'recipient_email').every((to) => to === aliceAtShop.email)).to.equal(true);
    expect(text).not.to.contain(alice.email);
    expect(text).not.to.contain(aliceAtShop.refresh_token);
    expect(text).not.to.contain('password_hash');
    // The end user's session still opens nothing of the product API.
    const product = await ctx.request.get('/api/v1/organizations').set(bearer(aliceAtShop.token)).expect(403);
    expect(product.body.code).to.equal('application_token_not_allowed');
  });

  it('is for signed-in sessions only: an API token cannot export or delete the account', async () => {
    const exported = await ctx.request.get('/api/v1/auth/me/export').set(bearer(apiToken)).expect(403);
    expect(exported.body.code).to.equal('token_not_allowed');
    const deleted = await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(apiToken))
      .send({ password: PASSWORD })
      .expect(403);
    expect(deleted.body.code).to.equal('token_not_allowed');
  });

  it('refuses deletion without the right password and changes nothing', async () => {
    const missing = await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(alice.access_token))
      .send({})
      .expect(400);
    expect(missing.body.code).to.equal('account_deletion_password_required');
    const wrong = await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(alice.access_token))
      .send({ password: 'not the password' })
      .expect(400);
    expect(wrong.body.code).to.equal('wrong_current_password');
    await ctx.request.get('/api/v1/auth/me').set(bearer(alice.access_token)).expect(200);
  });

  it('takes the password even when two-factor is on: a current code alone deletes nothing', async () => {
    // Issue 37: a stolen session could have enrolled that authenticator itself.
    const user = await enrolledUser(ctx, 'delete-code');
    await awayFromStepEdge();
    const codeOnly = await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(user.access_token))
      .send({ code: totpAt(user.secret, currentStep() + 1) })
      .expect(400);
    expect(codeOnly.body.code).to.equal('account_deletion_password_required');
    await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(200);

    await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(user.access_token))
      .send({ password: user.password })
      .expect(204);
    await ctx.request.get('/api/v1/auth/me').set(bearer(user.access_token)).expect(401);
  });

  it('refuses while the caller is the last admin of an organization, naming it and what to do', async () => {
    const response = await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(bob.access_token))
      .send({ password: bob.password })
      .expect(409);
    expect(response.body.code).to.equal('account_deletion_last_admin');
    expect(response.body.error).to.contain('"Org bob-co"').and.to.contain('Make another member admin');
    expect(response.body.details).to.deep.equal([{ path: 'organizations', message: 'Org bob-co' }]);
    await ctx.request.get('/api/v1/auth/me').set(bearer(bob.access_token)).expect(200);
  });

  it('deletes the account: every session and token ends, personal data goes, counts stay', async () => {
    const db = ctx.database.connection;
    const aliceId = new Types.ObjectId(alice.user.id);
    const activityBefore = await db.collection('activity_logs').countDocuments({ user_id: aliceId });
    const mailsBefore = await db.collection('email_logs').countDocuments({ recipient_email: alice.email });
    // Accounts deleted by earlier tests left their anonymized mails too.
    const erasedBefore = await db.collection('email_logs').countDocuments({ recipient_email: 'erased' });
    expect(activityBefore).to.be.greaterThan(3);
    expect(mailsBefore).to.be.greaterThan(1);

    await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(alice.access_token))
      .send({ password: alice.password })
      .expect(204);

    // Personal data is gone or anonymized; the counts are what they were.
    expect(await db.collection('profiles').countDocuments({ _id: aliceId })).to.equal(0);
    expect(await db.collection('auth_sessions').countDocuments({ user_id: aliceId })).to.equal(0);
    expect(await db.collection('api_tokens').countDocuments({ user_id: aliceId })).to.equal(0);
    expect(await db.collection('organization_members').countDocuments({ user_id: aliceId })).to.equal(0);
    expect(await db.collection('activity_logs').countDocuments({ user_id: aliceId })).to.equal(0);
    expect(await db.collection('email_logs').countDocuments({ recipient_email: alice.email })).to.equal(0);
    expect(await db.collection('email_logs').countDocuments({ recipient_email: 'erased' })).to.equal(
      erasedBefore + mailsBefore,
    );
    // Alice's device at the shop is her end-user account's: it stays linked to that account.
    const installation = await db.collection('installations').findOne({ installation_id: INSTALLATION });
    expect(String(installation!.user_id)).to.equal(aliceAtShop.id);
    const everything = JSON.stringify(
      await Promise.all(
        [
          'profiles',
          'activity_logs',
          'email_logs',
          'auth_sessions',
          'organization_members',
          'installations',
          'anonymous_users',
          'dev_outbox',
        ].map((name) => db.collection(name).find({}).toArray()),
      ),
    );
    expect(everything).not.to.contain(alice.email);
    expect(await db.collection('activity_logs').countDocuments({ resource_id: alice.user.id })).to.equal(0);

    // Every credential is dead.
    expect(
      (await ctx.request.get('/api/v1/auth/me').set(bearer(alice.access_token)).expect(401)).body.code,
    ).to.equal('session_ended');
    await ctx.request.post('/api/v1/auth/refresh').send({ refresh_token: alice.refresh_token }).expect(401);
    await ctx.request.get('/api/v1/organizations').set(bearer(apiToken)).expect(401);
    // Her account at the shop is another account: deleting the dashboard one leaves it alone.
    await ctx.request
      .post('/api/auth/verify')
      .set({ 'X-Application-ID': tenant.applicationId })
      .set(bearer(aliceEmbeddingToken))
      .expect(200);
    expect(
      (
        await ctx.request
          .post('/api/v1/auth/login')
          .send({ email: alice.email, password: alice.password })
          .expect(401)
      ).body.code,
    ).to.equal('invalid_credentials');

    // Bob's organization: still there, one member fewer, told through its webhook.
    const members = await ctx.request
      .get(`/api/v1/organizations/${tenant.organizationId}/members`)
      .set(bearer(bob.access_token))
      .expect(200);
    expect((members.body.data as Array<{ user: { email: string } }>).map((m) => m.user.email)).to.deep.equal([
      bob.email,
    ]);
    await receiver.waitFor((requests) => requests.length === 1);
    expect(receiver.requests[0]!.json).to.include({ type: 'user.deleted' });
    expect(receiver.requests[0]!.json.data).to.deep.equal({ user_id: alice.user.id });

    // The address is free again.
    await registerConfirmed(ctx, alice.email);
  });

  it('lets an end user delete their account with their application session: the SDK’s device is unlinked, every session ends', async () => {
    const db = ctx.database.connection;
    const userId = new Types.ObjectId(aliceAtShop.id);
    const second = await ctx.request
      .post('/api/auth/login')
      .set({ 'X-Application-ID': tenant.applicationId })
      .send({ email: aliceAtShop.email, password: aliceAtShop.password })
      .expect(200);
    await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(aliceEmbeddingToken))
      .send({ password: 'not the password' })
      .expect(400);
    await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(aliceEmbeddingToken))
      .send({ password: aliceAtShop.password })
      .expect(204);
    expect(await db.collection('profiles').countDocuments({ _id: userId })).to.equal(0);
    expect(await db.collection('auth_sessions').countDocuments({ user_id: userId })).to.equal(0);
    const installation = await db.collection('installations').findOne({ installation_id: INSTALLATION });
    expect(installation).to.include({ user_id: null, is_anonymous: true });
    expect(await db.collection('email_logs').countDocuments({ recipient_email: aliceAtShop.email })).to.equal(
      0,
    );
    for (const token of [aliceEmbeddingToken, second.body.token as string]) {
      await ctx.request
        .post('/api/auth/verify')
        .set({ 'X-Application-ID': tenant.applicationId })
        .set(bearer(token))
        .expect(401);
    }
    await ctx.request
      .post('/api/auth/refresh')
      .set({ 'X-Application-ID': tenant.applicationId })
      .send({ refresh_token: second.body.refresh_token })
      .expect(401);
    const signIn = await ctx.request
      .post('/api/auth/login')
      .set({ 'X-Application-ID': tenant.applicationId })
      .send({ email: aliceAtShop.email, password: aliceAtShop.password })
      .expect(401);
    expect(signIn.body.code).to.equal('invalid_credentials');
    // Bob's organization hears of no member leaving: an end user is none.
    expect(
      receiver.requests.filter((request) => request.json.data?.user_id === aliceAtShop.id),
    ).to.have.length(0);
  });

  it('lets the only member of an organization delete the account once the organization is deactivated', async () => {
    const solo = await signedInUser(ctx, 'solo');
    const org = await createTenant(ctx, 'solo-co', solo);
    const refused = await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(solo.access_token))
      .send({ password: solo.password })
      .expect(409);
    expect(refused.body.code).to.equal('account_deletion_last_admin');
    await ctx.request
      .post(`/api/v1/organizations/${org.organizationId}/deactivate`)
      .set(bearer(solo.access_token))
      .expect(200);
    await ctx.request
      .delete('/api/v1/auth/me')
      .set(bearer(solo.access_token))
      .send({ password: solo.password })
      .expect(204);
    expect(
      await ctx.database.connection.collection('profiles').countDocuments({ email: solo.email }),
    ).to.equal(0);
    expect(uniqueEmail('x')).to.be.a('string');
  });
});
