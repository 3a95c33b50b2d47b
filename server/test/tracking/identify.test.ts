import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, PASSWORD, uniqueEmail } from '../auth/helpers.js';
import { expectRefusedByEmbeddingLogin, registerEndUser, type EndUser } from '../helpers/end-users.js';
import { createToken } from '../tokens/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  ingest,
  installationBody,
  newId,
  PARTNER_ORIGIN,
  type TrackedTenant,
} from './helpers.js';

describe('anonymous → registered: POST /api/v1/identify and embedding sign-in', () => {
  let ctx: TestContext;
  let tenant: TrackedTenant;
  /** End users of the tenant application's pool (its project's). */
  let endUser: EndUser;
  let other: EndUser;
  const anonymousUsers = () => ctx.database.connection.collection('anonymous_users');
  const installations = () => ctx.database.connection.collection('installations');

  /** Signs in through the application's embedding API, as the SDK's auth client does. */
  const embeddingLogin = async (user: EndUser, extra: Record<string, unknown> = {}, applicationId?: string) =>
    (
      await ctx.request
        .post('/api/auth/login')
        .set('X-Application-ID', applicationId ?? tenant.applicationId)
        .send({ email: user.email, password: user.password, ...extra })
        .expect(200)
    ).body.token as string;

  const identify = (token: string | undefined, body: Record<string, unknown>, applicationId?: string) => {
    const request = ingest(ctx, '/identify', applicationId ?? tenant.applicationId, body, {
      Origin: PARTNER_ORIGIN,
    });
    return token ? request.set(bearer(token)) : request;
  };

  const anonymousInstallation = async () => {
    const body = installationBody();
    await ingest(ctx, '/installations', tenant.applicationId, body).expect(201);
    return body;
  };

  before(async () => {
    ctx = await createTrackingContext();
    tenant = await createTrackedTenant(ctx);
    endUser = await registerEndUser(ctx, tenant.applicationId, { email: uniqueEmail('end-user') });
    other = await registerEndUser(ctx, tenant.applicationId, { email: uniqueEmail('other-user') });
  });
  after(() => ctx.close());

  it('links the anonymous user and the installation to the user of an embedding token', async () => {
    const body = await anonymousInstallation();
    const token = await embeddingLogin(endUser);
    const response = await identify(token, {
      anonymous_id: body.anonymous_id,
      installation_id: body.installation_id,
    }).expect(200);
    expect(response.headers['access-control-allow-origin']).to.equal(PARTNER_ORIGIN);
    expect(response.body).to.deep.equal({
      success: true,
      user_id: endUser.id,
      anonymous_user: { anonymous_id: body.anonymous_id, status: 'linked' },
      installation: { installation_id: body.installation_id, status: 'linked' },
    });
    const anonymous = await anonymousUsers().findOne({ anonymous_id: body.anonymous_id });
    expect(String(anonymous!.user_id)).to.equal(endUser.id);
    expect(anonymous!.linked_at).to.be.instanceOf(Date);
    const installation = await installations().findOne({ installation_id: body.installation_id });
    expect(String(installation!.user_id)).to.equal(endUser.id);
    expect(installation!.linked_at).to.be.instanceOf(Date);
    expect(installation!.is_anonymous).to.equal(false);

    const again = await identify(token, { anonymous_id: body.anonymous_id }).expect(200);
    expect(again.body.anonymous_user.status).to.equal('already_linked');
  });

  it('keeps an anonymous user with the first account; a device names the last one', async () => {
    const body = await anonymousInstallation();
    await identify(await embeddingLogin(endUser), {
      anonymous_id: body.anonymous_id,
      installation_id: body.installation_id,
    }).expect(200);
    const second = await identify(await embeddingLogin(other), {
      anonymous_id: body.anonymous_id,
      installation_id: body.installation_id,
    }).expect(200);
    expect(second.body.anonymous_user.status).to.equal('linked_to_other_user');
    expect(second.body.installation.status).to.equal('linked');
    expect(String((await anonymousUsers().findOne({ anonymous_id: body.anonymous_id }))!.user_id)).to.equal(
      endUser.id,
    );
    expect(
      String((await installations().findOne({ installation_id: body.installation_id }))!.user_id),
    ).to.equal(other.id);
  });

  it('links identifiers it has not seen yet (identify may arrive before the registration)', async () => {
    const anonymousId = newId('anon_');
    const installationId = newId('inst_');
    await identify(await embeddingLogin(endUser), {
      anonymous_id: anonymousId,
      installation_id: installationId,
    }).expect(200);
    expect(String((await anonymousUsers().findOne({ anonymous_id: anonymousId }))!.user_id)).to.equal(
      endUser.id,
    );
    await ingest(
      ctx,
      '/installations',
      tenant.applicationId,
      installationBody({
        installation_id: installationId,
        anonymous_id: anonymousId,
      }),
    ).expect(200);
    const installation = await installations().findOne({ installation_id: installationId });
    expect(String(installation!.user_id)).to.equal(endUser.id);
    expect(installation!.session_count).to.equal(1);
  });

  it('takes only this application’s embedding tokens', async () => {
    const body = { anonymous_id: newId('anon_') };
    const missing = await identify(undefined, body).expect(401);
    expect(missing.body.code).to.equal('missing_token');
    // The organization owner's dashboard session; the owner is nobody at the embedding login.
    const dashboard = await identify(tenant.user.access_token, body).expect(401);
    expect(dashboard.body.code).to.equal('token_audience_mismatch');
    await expectRefusedByEmbeddingLogin(ctx, tenant.applicationId, tenant.user.email, tenant.user.password);
    const apiToken = await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['admin'] });
    const refusedToken = await identify(apiToken.token, body).expect(403);
    expect(refusedToken.body.code).to.equal('token_not_allowed');

    // The same address is another account in another tenant's pool; its token is no key here.
    const elsewhere = await createTrackedTenant(ctx, 'elsewhere');
    const endUserElsewhere = await registerEndUser(ctx, elsewhere.applicationId, { email: endUser.email });
    expect(endUserElsewhere.id).not.to.equal(endUser.id);
    const foreignToken = await embeddingLogin(endUserElsewhere, {}, elsewhere.applicationId);
    const foreign = await identify(foreignToken, body).expect(401);
    expect(foreign.body.code).to.equal('token_audience_mismatch');
    expect(await anonymousUsers().countDocuments({ anonymous_id: body.anonymous_id })).to.equal(0);

    const empty = await identify(await embeddingLogin(endUser), {}).expect(400);
    expect(empty.body.error).to.contain('anonymous_id');
  });

  it('links the anonymous id sent with an embedding sign-in, before answering', async () => {
    const body = await anonymousInstallation();
    await embeddingLogin(endUser, { anonymous_id: body.anonymous_id, installation_id: body.installation_id });
    expect(String((await anonymousUsers().findOne({ anonymous_id: body.anonymous_id }))!.user_id)).to.equal(
      endUser.id,
    );
    expect(
      String((await installations().findOne({ installation_id: body.installation_id }))!.user_id),
    ).to.equal(endUser.id);

    // A failed sign-in links nothing; a malformed id is a 400 like any other field.
    const stranger = await anonymousInstallation();
    await ctx.request
      .post('/api/auth/login')
      .set('X-Application-ID', tenant.applicationId)
      .send({ email: endUser.email, password: 'wrong password', anonymous_id: stranger.anonymous_id })
      .expect(401);
    expect((await anonymousUsers().findOne({ anonymous_id: stranger.anonymous_id }))!.user_id).to.equal(null);
    const malformed = await ctx.request
      .post('/api/auth/login')
      .set('X-Application-ID', tenant.applicationId)
      .send({ email: endUser.email, password: endUser.password, anonymous_id: 'anon_<script>' })
      .expect(400);
    expect(malformed.body.details[0].path).to.equal('body.anonymous_id');
  });

  it('links the anonymous id sent with an embedding registration, but never to an existing account', async () => {
    const fresh = await anonymousInstallation();
    const email = uniqueEmail('registering');
    const registered = await ctx.request
      .post('/api/auth/register')
      .set('X-Application-ID', tenant.applicationId)
      .send({
        email,
        password: PASSWORD,
        anonymous_id: fresh.anonymous_id,
        installation_id: fresh.installation_id,
      })
      .expect(201);
    // The link is made after the answer (so its timing tells nothing about the address).
    const deadline = Date.now() + 3000;
    let linked: Record<string, unknown> | null = null;
    while (Date.now() < deadline) {
      linked = await anonymousUsers().findOne({ anonymous_id: fresh.anonymous_id, user_id: { $ne: null } });
      if (linked) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(String(linked?.user_id)).to.equal(registered.body.user.id);

    const squatter = await anonymousInstallation();
    await ctx.request
      .post('/api/auth/register')
      .set('X-Application-ID', tenant.applicationId)
      .send({ email: endUser.email, password: PASSWORD, anonymous_id: squatter.anonymous_id })
      .expect(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await anonymousUsers().findOne({ anonymous_id: squatter.anonymous_id }))!.user_id).to.equal(null);
  });

  it('attributes later activity of a linked anonymous user to the account', async () => {
    const body = await anonymousInstallation();
    const activity = (anonymous_user_id: string) =>
      ingest(ctx, '/activity', tenant.applicationId, {
        action: 'page_view',
        resource_type: 'component',
        anonymous_user_id,
      }).expect(201);
    const before = await activity(body.anonymous_id);
    await identify(await embeddingLogin(endUser), { anonymous_id: body.anonymous_id }).expect(200);
    const after = await activity(body.anonymous_id);
    const logs = ctx.database.connection.collection('activity_logs');
    const { ObjectId } = await import('mongodb');
    expect((await logs.findOne({ _id: new ObjectId(before.body.activity_id as string) }))!.user_id).to.equal(
      null,
    );
    expect(
      String((await logs.findOne({ _id: new ObjectId(after.body.activity_id as string) }))!.user_id),
    ).to.equal(endUser.id);
  });
});
