import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, PASSWORD, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { ageSession } from '../auth/step-up-helpers.js';
import {
  addMember,
  auditOf,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';

const SECRET = 'GOCSPX-pool-secret-never-answered';

/**
 * Pool settings (issue #31): GET/PATCH /api/v1/projects/{project_id}/pool for the project's
 * organization, and the public GET /api/v1/pools/{project_id}/public the hosted pages read.
 */
describe('pool settings', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let member: User;
  let outsider: User;
  let organizationId: string;
  let projectId: string;
  let applicationId: string;
  let siblingProjectId: string;
  let siblingApplicationId: string;
  let foreignProjectId: string;
  let foreignApplicationId: string;

  const pool = (id = projectId) => `/api/v1/projects/${id}/pool`;
  const get = (token: string, id = projectId) => ctx.request.get(pool(id)).set(bearer(token));
  const patch = (token: string, body: unknown, id = projectId) =>
    ctx.request
      .patch(pool(id))
      .set(bearer(token))
      .send(body as object);
  const publicPool = (id: string, query: Record<string, string> = {}) =>
    ctx.request.get(`/api/v1/pools/${id}/public`).query(query);
  const stored = (id = projectId) =>
    ctx.database.connection.collection('user_pools').findOne({ _id: id as never });

  /** A project of the admin's organization with its settings untouched. */
  async function freshProject(applications = 1) {
    const project = await createProject(ctx, admin, organizationId);
    const ids: string[] = [];
    for (let index = 0; index < applications; index += 1)
      ids.push((await createApplication(ctx, admin, project.id)).id);
    return { id: project.id, name: project.name as string, applicationIds: ids };
  }

  before(async () => {
    ctx = await createAuthContext({ EMAIL_CONFIRMATION_REQUIRED: 'false' });
    [admin, member, outsider] = await Promise.all([
      signedInUser(ctx, 'pooladmin'),
      signedInUser(ctx, 'poolmember'),
      signedInUser(ctx, 'pooloutsider'),
    ]);
    organizationId = await createOrganization(ctx, admin);
    await addMember(ctx, admin, organizationId, member);
    const project = await createProject(ctx, admin, organizationId, { name: 'Kaffeehaus' });
    projectId = project.id;
    applicationId = (await createApplication(ctx, admin, projectId)).id;
    siblingProjectId = (await createProject(ctx, admin, organizationId)).id;
    siblingApplicationId = (await createApplication(ctx, admin, siblingProjectId)).id;
    const foreignOrganization = await createOrganization(ctx, outsider);
    foreignProjectId = (await createProject(ctx, outsider, foreignOrganization)).id;
    foreignApplicationId = (await createApplication(ctx, outsider, foreignProjectId)).id;
  });
  after(() => ctx.close());

  describe('defaults', () => {
    it('answers the defaults for a project that never changed a setting, and stores nothing', async () => {
      const { id, name } = await freshProject();
      const response = await get(admin.access_token, id).expect(200);
      expect(response.body).to.deep.equal({
        project_id: id,
        signup: 'open',
        methods: ['password', 'passkey', 'email_code'],
        password_min_length: ctx.config.auth.passwordMinLength,
        second_factor: 'optional',
        session_lifetime_seconds: ctx.config.auth.accessTokenTtlS,
        refresh_lifetime_seconds: ctx.config.auth.refreshTokenTtlS,
        google: null,
        branding: {
          display_name: name,
          logo_url: null,
          primary_color: '#4f46e5',
          locale: 'de',
          support_email: null,
        },
        redirect_urls: [],
        updated_at: null,
      });
      expect(response.body.password_min_length).to.equal(6);
      expect(await stored(id)).to.equal(null);
    });

    it('settingsOf answers the platform pool from the configuration', async () => {
      const settings = await ctx.services.pools.settingsOf('platform');
      expect(settings).to.deep.include({
        pool_id: 'platform',
        signup: 'open',
        methods: ['password', 'google', 'passkey'],
        password_min_length: ctx.config.auth.passwordMinLength,
        second_factor: 'optional',
        session_lifetime_seconds: ctx.config.auth.accessTokenTtlS,
        refresh_lifetime_seconds: ctx.config.auth.refreshTokenTtlS,
        google: null,
      });
      expect(settings.redirect_urls).to.deep.equal([ctx.config.auth.dashboardUrl]);
    });

    it('settingsOf answers a project’s defaults, and pool_not_found for a pool that is no active project', async () => {
      const { id, name } = await freshProject();
      const settings = await ctx.services.pools.settingsOf(id);
      expect(settings).to.deep.include({ pool_id: id, signup: 'open', google: null });
      expect(settings.branding.display_name).to.equal(name);
      for (const unknown of ['0123456789abcdef01234567', 'not-a-project']) {
        const error = await ctx.services.pools.settingsOf(unknown).then(
          () => null,
          (caught: unknown) => caught as { code?: string; status?: number },
        );
        expect(error, unknown).to.include({ code: 'pool_not_found', status: 404 });
      }
    });
  });

  describe('PATCH and read back', () => {
    it('stores every field, answers the secret only as client_secret_set, and audits without it', async () => {
      const { id } = await freshProject();
      const body = {
        signup: 'invite',
        methods: ['password', 'google', 'email_code'],
        password_min_length: 12,
        second_factor: 'required',
        session_lifetime_seconds: 600,
        refresh_lifetime_seconds: 7 * 86_400,
        google: { client_id: 'shop.apps.googleusercontent.com', client_secret: SECRET },
        branding: {
          display_name: '  Kaffeehaus Berlin ',
          logo_url: 'https://cdn.example.com/logo.svg',
          primary_color: '#AA3300',
          locale: 'en',
          support_email: 'Hilfe@Example.com',
        },
        redirect_urls: [
          'https://shop.example.com/callback',
          'https://SHOP.example.com:443/callback',
          'http://localhost:5173/cb',
          'http://127.0.0.1:8080/cb?x=1',
          'http://[::1]:3000/',
        ],
      };
      const updated = await patch(admin.access_token, body, id).expect(200);
      const expected = {
        project_id: id,
        signup: 'invite',
        methods: ['password', 'google', 'email_code'],
        password_min_length: 12,
        second_factor: 'required',
        session_lifetime_seconds: 600,
        refresh_lifetime_seconds: 7 * 86_400,
        google: { client_id: 'shop.apps.googleusercontent.com', client_secret_set: true },
        branding: {
          display_name: 'Kaffeehaus Berlin',
          logo_url: 'https://cdn.example.com/logo.svg',
          primary_color: '#aa3300',
          locale: 'en',
          support_email: 'hilfe@example.com',
        },
        // Normalised as the URL parser writes them, each once.
        redirect_urls: [
          'https://shop.example.com/callback',
          'http://localhost:5173/cb',
          'http://127.0.0.1:8080/cb?x=1',
          'http://[::1]:3000/',
        ],
      };
      expect(updated.body).to.deep.include(expected);
      expect(updated.body.updated_at).to.be.a('string');
      expect(JSON.stringify(updated.body)).not.to.contain(SECRET);

      const read = await get(member.access_token, id).expect(200);
      expect(read.body).to.deep.equal(updated.body);
      expect(JSON.stringify(read.body)).not.to.contain(SECRET);

      // The secret is stored (the auth service needs it) and reaches the service's settings.
      expect((await stored(id))!.google).to.deep.equal({
        client_id: 'shop.apps.googleusercontent.com',
        client_secret: SECRET,
      });
      const settings = await ctx.services.pools.settingsOf(id);
      expect(settings.google).to.deep.equal({
        client_id: 'shop.apps.googleusercontent.com',
        client_secret: SECRET,
      });
      expect(settings.password_min_length).to.equal(12);

      const audit = (await auditOf(ctx, id)).filter((entry) => entry.action === 'project.pool_updated');
      expect(audit).to.have.length(1);
      const entry = audit[0]!;
      expect(entry).to.include({ resource_type: 'project', status_code: 200 });
      expect([entry.project_id, entry.organization_id, entry.user_id].map(String)).to.deep.equal([
        id,
        organizationId,
        admin.user.id,
      ]);
      expect(audit[0]!.metadata.fields).to.have.members(Object.keys(body));
      expect(audit[0]!.metadata.changes.google).to.deep.equal({
        client_id: 'shop.apps.googleusercontent.com',
        client_secret_changed: true,
      });
      expect(audit[0]!.metadata.changes.second_factor).to.equal('required');
      expect(JSON.stringify(audit)).not.to.contain(SECRET);
    });

    it('changes only the fields sent; an emptied branding field takes its default again', async () => {
      const { id, name } = await freshProject();
      await patch(admin.access_token, { signup: 'invite' }, id).expect(200);
      const partly = await patch(admin.access_token, { branding: { primary_color: '#112233' } }, id);
      expect(partly.status, JSON.stringify(partly.body)).to.equal(200);
      expect(partly.body.signup).to.equal('invite');
      expect(partly.body.methods).to.deep.equal(['password', 'passkey', 'email_code']);
      expect(partly.body.branding).to.deep.equal({
        display_name: name,
        logo_url: null,
        primary_color: '#112233',
        locale: 'de',
        support_email: null,
      });

      await patch(admin.access_token, { branding: { display_name: 'Eigener Name' } }, id).expect(200);
      const cleared = await patch(
        admin.access_token,
        { branding: { display_name: '', logo_url: null, support_email: '' } },
        id,
      ).expect(200);
      expect(cleared.body.branding).to.deep.equal({
        display_name: name,
        logo_url: null,
        primary_color: '#112233',
        locale: 'de',
        support_email: null,
      });
    });

    it('the display name follows a renamed project until the pool names its own', async () => {
      const { id } = await freshProject();
      await ctx.request
        .patch(`/api/v1/projects/${id}`)
        .set(bearer(admin.access_token))
        .send({ name: 'Umbenannt' })
        .expect(200);
      expect((await get(admin.access_token, id).expect(200)).body.branding.display_name).to.equal(
        'Umbenannt',
      );
    });

    it('keeps the stored Google secret for the same client id, wants a new one with a new id, and removes the client with null', async () => {
      const { id } = await freshProject();
      await patch(admin.access_token, { google: { client_id: 'one', client_secret: SECRET } }, id).expect(
        200,
      );

      const kept = await patch(admin.access_token, { google: { client_id: 'one' } }, id).expect(200);
      expect(kept.body.google).to.deep.equal({ client_id: 'one', client_secret_set: true });
      expect((await stored(id))!.google.client_secret).to.equal(SECRET);

      const sentBack = await patch(
        admin.access_token,
        { google: { client_id: 'one', client_secret_set: true } },
        id,
      ).expect(200);
      expect(sentBack.body.google).to.deep.equal({ client_id: 'one', client_secret_set: true });

      const newId = await patch(admin.access_token, { google: { client_id: 'two' } }, id).expect(400);
      expect(newId.body.code).to.equal('validation_failed');
      expect(newId.body.details).to.deep.include({
        path: 'body.google.client_secret',
        message: 'Send the client secret with a new Google client id (google.client_secret).',
      });
      expect((await stored(id))!.google).to.deep.equal({ client_id: 'one', client_secret: SECRET });

      await patch(admin.access_token, { methods: ['password', 'google'] }, id).expect(200);
      // Google sign-in is on: its client cannot go without turning it off.
      const orphan = await patch(admin.access_token, { google: null }, id).expect(400);
      expect(orphan.body.details[0].path).to.equal('body.google');
      const both = await patch(admin.access_token, { google: null, methods: ['password'] }, id).expect(200);
      expect(both.body.google).to.equal(null);
      expect((await stored(id))!.google).to.equal(undefined);
    });

    it('two changes at the same moment are both kept', async () => {
      const { id } = await freshProject();
      const [a, b, c] = await Promise.all([
        patch(admin.access_token, { signup: 'invite' }, id),
        patch(admin.access_token, { branding: { locale: 'en' } }, id),
        patch(admin.access_token, { redirect_urls: ['https://race.example.com/'] }, id),
      ]);
      for (const response of [a, b, c]) expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const read = await get(admin.access_token, id).expect(200);
      expect(read.body.signup).to.equal('invite');
      expect(read.body.branding.locale).to.equal('en');
      expect(read.body.redirect_urls).to.deep.equal(['https://race.example.com/']);
      expect((await stored(id))!.revision).to.equal(3);
    });
  });

  describe('validation', () => {
    const cases: Array<[string, unknown, string, RegExp]> = [
      ['an empty body', {}, 'body', /at least one setting/],
      ['an unknown signup mode', { signup: 'sometimes' }, 'body.signup', /open, invite, closed/],
      ['no sign-in method', { methods: [] }, 'body.methods', /at least one sign-in method/],
      [
        'an unknown method',
        { methods: ['password', 'sms'] },
        'body.methods.1',
        /password, google, passkey, email_code/,
      ],
      ['a method twice', { methods: ['password', 'password'] }, 'body.methods', /each sign-in method once/],
      ['methods as text', { methods: 'password' }, 'body.methods', /must be a list/],
      ['a minimum length below 6', { password_min_length: 5 }, 'body.password_min_length', /from 6 to 128/],
      [
        'a minimum length above 128',
        { password_min_length: 129 },
        'body.password_min_length',
        /from 6 to 128/,
      ],
      ['a fractional length', { password_min_length: 7.5 }, 'body.password_min_length', /whole number/],
      ['a length as text', { password_min_length: '8' }, 'body.password_min_length', /whole number/],
      [
        'an unknown second factor mode',
        { second_factor: 'always' },
        'body.second_factor',
        /off, optional, required/,
      ],
      [
        'a session shorter than a minute',
        { session_lifetime_seconds: 59 },
        'body.session_lifetime_seconds',
        /60 to 86400/,
      ],
      [
        'a refresh longer than a year',
        { refresh_lifetime_seconds: 31_536_001 },
        'body.refresh_lifetime_seconds',
        /3600 to 31536000/,
      ],
      [
        'a refresh shorter than the session',
        { session_lifetime_seconds: 7200, refresh_lifetime_seconds: 3600 },
        'body.refresh_lifetime_seconds',
        /must not be shorter/,
      ],
      ['Google on without a client', { methods: ['google'] }, 'body.methods', /own Google client/],
      [
        'a Google client without id',
        { google: { client_secret: 'x' } },
        'body.google.client_id',
        /client_id is required/,
      ],
      [
        'a new Google client without secret',
        { google: { client_id: 'new' } },
        'body.google.client_secret',
        /client secret/,
      ],
      [
        'an http redirect URL',
        { redirect_urls: ['http://shop.example.com/cb'] },
        'body.redirect_urls.0',
        /must use https/,
      ],
      [
        'a relative redirect URL',
        { redirect_urls: ['/callback'] },
        'body.redirect_urls.0',
        /not an absolute URL/,
      ],
      [
        'another scheme',
        { redirect_urls: ['javascript:alert(1)'] },
        'body.redirect_urls.0',
        /must use https/,
      ],
      [
        'credentials in a redirect URL',
        { redirect_urls: ['https://user:pw@shop.example.com/'] },
        'body.redirect_urls.0',
        /user name or password/,
      ],
      [
        'a fragment',
        { redirect_urls: ['https://shop.example.com/#token'] },
        'body.redirect_urls.0',
        /fragment/,
      ],
      [
        '51 redirect URLs',
        { redirect_urls: Array.from({ length: 51 }, (_, i) => `https://s${i}.example.com/`) },
        'body.redirect_urls',
        /At most 50/,
      ],
      [
        'an http logo',
        { branding: { logo_url: 'http://cdn.example.com/logo.png' } },
        'body.branding.logo_url',
        /https URL/,
      ],
      ['a colour name', { branding: { primary_color: 'red' } }, 'body.branding.primary_color', /#rrggbb/],
      ['a short colour', { branding: { primary_color: '#abc' } }, 'body.branding.primary_color', /#rrggbb/],
      ['another locale', { branding: { locale: 'fr' } }, 'body.branding.locale', /de or en/],
      [
        'a support address that is none',
        { branding: { support_email: 'help' } },
        'body.branding.support_email',
        /e-mail/,
      ],
      [
        'a display name of 101 characters',
        { branding: { display_name: 'x'.repeat(101) } },
        'body.branding.display_name',
        /at most 100/,
      ],
      ['an operator in a field', { signup: { $ne: 'closed' } }, 'body.signup', /open, invite, closed/],
    ];

    for (const [label, body, path, message] of cases)
      it(`refuses ${label} with 400 and a message for ${path}, changing nothing`, async () => {
        const before = await get(admin.access_token).expect(200);
        const response = await patch(admin.access_token, body);
        expect(response.status, JSON.stringify(response.body)).to.equal(400);
        expect(response.body.code).to.equal('validation_failed');
        const detail = (response.body.details as Array<{ path: string; message: string }>).find(
          (entry) => entry.path === path,
        );
        expect(detail, JSON.stringify(response.body.details)).to.exist;
        expect(detail!.message).to.match(message);
        expect(response.body.error).to.be.a('string').and.not.to.match(/^\s*$/);
        const after = await get(admin.access_token).expect(200);
        expect(after.body).to.deep.equal(before.body);
      });

    it('refuses a body that is not an object, and a malformed project id', async () => {
      const array = await ctx.request
        .patch(pool())
        .set(bearer(admin.access_token))
        .set('Content-Type', 'application/json')
        .send('[1]')
        .expect(400);
      expect(array.body.code).to.equal('validation_failed');
      const malformed = await get(admin.access_token, 'not-an-id').expect(400);
      expect(malformed.body.details[0].path).to.equal('params.project_id');
    });

    it('audits nothing for a refused change', async () => {
      const { id } = await freshProject();
      await patch(admin.access_token, { methods: [] }, id).expect(400);
      expect((await auditOf(ctx, id)).map((entry) => entry.action)).not.to.include('project.pool_updated');
    });
  });

  describe('who may read and change', () => {
    it('needs a signed-in caller', async () => {
      await ctx.request.get(pool()).expect(401);
      await ctx.request.patch(pool()).send({ signup: 'closed' }).expect(401);
    });

    it('answers 404 for another organization’s project and for an unknown one, reading and writing', async () => {
      for (const id of [foreignProjectId, '0123456789abcdef01234567']) {
        const read = await get(admin.access_token, id).expect(404);
        expect(read.body.code).to.equal('project_not_found');
        const write = await patch(admin.access_token, { signup: 'closed' }, id).expect(404);
        expect(write.body.code).to.equal('project_not_found');
      }
      // The outsider learns nothing about this organization's project either.
      await get(outsider.access_token).expect(404);
      await patch(outsider.access_token, { signup: 'closed' }).expect(404);
      expect((await stored(foreignProjectId)) ?? null).to.equal(null);
    });

    it('answers 404 for a deactivated project', async () => {
      const { id } = await freshProject();
      await ctx.request.post(`/api/v1/projects/${id}/deactivate`).set(bearer(admin.access_token)).expect(200);
      await get(admin.access_token, id).expect(404);
      await patch(admin.access_token, { signup: 'closed' }, id).expect(404);
    });

    it('lets a plain member read but not change (403 forbidden)', async () => {
      await get(member.access_token).expect(200);
      const before = await get(admin.access_token).expect(200);
      const refused = await patch(member.access_token, {
        branding: { display_name: 'Member was here' },
      }).expect(403);
      expect(refused.body.code).to.equal('forbidden');
      expect(refused.body.error).to.match(/permission pool:update/);
      expect((await get(admin.access_token).expect(200)).body).to.deep.equal(before.body);
    });

    it('API tokens: read scope reads its application’s project; write changes sign-up and branding only', async () => {
      const reader = await createToken(ctx, admin, applicationId, ['read']);
      const writer = await createToken(ctx, admin, applicationId, ['write']);
      await get(reader).expect(200);
      const noScope = await patch(reader, { signup: 'invite' }).expect(403);
      expect(noScope.body.code).to.equal('insufficient_scope');

      // (The suite's end users still sign up: the mode stays open.)
      const branded = await patch(writer, { signup: 'open', branding: { locale: 'en' } }).expect(200);
      expect(branded.body.branding.locale).to.equal('en');
      // Sensitive fields need a fresh proof of identity, which a token cannot give.
      for (const body of [
        { methods: ['password'] },
        { second_factor: 'off' },
        { google: { client_id: 'x', client_secret: 'y' } },
        { redirect_urls: ['https://evil.example.com/'] },
        { password_min_length: 6 },
      ]) {
        const refused = await patch(writer, body);
        expect(refused.status, JSON.stringify(body)).to.equal(403);
        expect(refused.body.code, JSON.stringify(body)).to.equal('token_not_allowed');
      }
      expect((await get(reader).expect(200)).body.redirect_urls).not.to.include('https://evil.example.com/');
    });

    it('API tokens reach only their application’s project (404 for the sibling project and other tenants)', async () => {
      const reader = await createToken(ctx, admin, applicationId, ['read', 'write']);
      for (const id of [siblingProjectId, foreignProjectId]) {
        await get(reader, id).expect(404);
        await patch(reader, { signup: 'closed' }, id).expect(404);
      }
      const foreign = await createToken(ctx, outsider, foreignApplicationId, ['read']);
      await get(foreign).expect(404);
      // A token of a member (not admin) can read but not write, like its owner.
      const memberToken = await createToken(ctx, member, siblingApplicationId, ['read', 'write']);
      await get(memberToken, siblingProjectId).expect(200);
      expect(
        (await patch(memberToken, { signup: 'closed' }, siblingProjectId).expect(403)).body.code,
      ).to.equal('forbidden');
    });

    it('a session of the project’s own end user (application session) is refused', async () => {
      const email = uniqueEmail('poolenduser');
      const app = { 'X-Application-ID': applicationId };
      await ctx.request.post('/api/auth/register').set(app).send({ email, password: PASSWORD }).expect(201);
      const signedIn = await ctx.request
        .post('/api/auth/login')
        .set(app)
        .send({ email, password: PASSWORD })
        .expect(200);
      const token = signedIn.body.token as string;
      for (const response of [await get(token), await patch(token, { signup: 'open' })]) {
        expect(response.status).to.equal(403);
        expect(response.body.code).to.equal('application_token_not_allowed');
      }
    });

    it('asks a stale session for a fresh proof before sensitive changes, not before branding', async () => {
      const stale = await signedInUser(ctx, 'poolstale');
      await addMember(ctx, admin, organizationId, stale, 'admin');
      await ageSession(ctx, stale.access_token);
      const refused = await patch(stale.access_token, { second_factor: 'off' }).expect(403);
      expect(refused.body.code).to.equal('reauthentication_required');
      expect(refused.body.methods).to.include('password');
      expect((await get(admin.access_token).expect(200)).body.second_factor).not.to.equal('off');
      await patch(stale.access_token, { branding: { primary_color: '#010203' } }).expect(200);

      await ctx.request
        .post('/api/v1/auth/reauthenticate')
        .set(bearer(stale.access_token))
        .send({ password: PASSWORD })
        .expect(200);
      await patch(stale.access_token, { second_factor: 'off' }).expect(200);
      await patch(admin.access_token, { second_factor: 'optional' }).expect(200);
    });
  });

  describe('GET /pools/{project_id}/public', () => {
    it('answers branding and sign-in options, the named application, nothing secret, cacheable briefly', async () => {
      await patch(admin.access_token, {
        google: { client_id: 'public-test', client_secret: SECRET },
        redirect_urls: ['https://shop.example.com/secret-path'],
        branding: { display_name: 'Kaffeehaus', primary_color: '#123456' },
      }).expect(200);
      const response = await publicPool(projectId, { client_id: applicationId }).expect(200);
      expect(response.headers['cache-control']).to.equal('public, max-age=60');
      const settings = (await get(admin.access_token).expect(200)).body;
      expect(response.body).to.deep.equal({
        project_id: projectId,
        application_id: applicationId,
        branding: settings.branding,
        signup: settings.signup,
        methods: settings.methods,
        password_min_length: settings.password_min_length,
        second_factor: settings.second_factor,
      });
      const text = JSON.stringify(response.body);
      for (const secret of [SECRET, 'public-test', 'secret-path']) expect(text).not.to.contain(secret);
    });

    it('takes the oldest active application when client_id is left out, another project’s, or deleted', async () => {
      const { id, applicationIds } = await freshProject(3);
      const [oldest, second, third] = applicationIds as [string, string, string];
      expect((await publicPool(id).expect(200)).body.application_id).to.equal(oldest);
      expect((await publicPool(id, { client_id: third }).expect(200)).body.application_id).to.equal(third);
      for (const other of [applicationId, foreignApplicationId, '0123456789abcdef01234567'])
        expect((await publicPool(id, { client_id: other }).expect(200)).body.application_id, other).to.equal(
          oldest,
        );
      await ctx.request.delete(`/api/v1/applications/${oldest}`).set(bearer(admin.access_token)).expect(204);
      expect((await publicPool(id).expect(200)).body.application_id).to.equal(second);
      expect((await publicPool(id, { client_id: oldest }).expect(200)).body.application_id).to.equal(second);
    });

    it('answers 404 pool_not_found for an unknown project, one without applications, and a deactivated one', async () => {
      const empty = await freshProject(0);
      const deactivated = await freshProject(1);
      await ctx.request
        .post(`/api/v1/projects/${deactivated.id}/deactivate`)
        .set(bearer(admin.access_token))
        .expect(200);
      for (const id of ['0123456789abcdef01234567', empty.id, deactivated.id]) {
        const response = await publicPool(id).expect(404);
        expect(response.body.code, id).to.equal('pool_not_found');
        expect(response.headers['cache-control']).to.equal('no-store');
      }
    });

    it('refuses a malformed project id or client_id with 400', async () => {
      expect((await publicPool('platform').expect(400)).body.code).to.equal('validation_failed');
      const client = await publicPool(projectId, { client_id: 'x' }).expect(400);
      expect(client.body.details[0].path).to.equal('query.client_id');
    });

    it('is listed in the OpenAPI document without security, the settings routes with it', async () => {
      const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body;
      const publicOperation = document.paths['/api/v1/pools/{project_id}/public'].get;
      expect(publicOperation.security).to.equal(undefined);
      const settings = document.paths['/api/v1/projects/{project_id}/pool'];
      expect(settings.get['x-token-scope']).to.equal('read');
      expect(settings.patch['x-token-scope']).to.equal('write');
      expect(settings.patch.responses['403']).to.exist;
    });
  });

  describe('rate limit of the public endpoint', () => {
    let limited: TestContext;
    before(async () => {
      limited = await createAuthContext({ RATE_LIMIT_PER_IP: '1' });
    });
    after(() => limited.close());

    it('answers 429 past ten times the per-address budget', async () => {
      const id = '0123456789abcdef01234567';
      for (let index = 0; index < 10; index += 1)
        await limited.request.get(`/api/v1/pools/${id}/public`).expect(404);
      const refused = await limited.request.get(`/api/v1/pools/${id}/public`).expect(429);
      expect(refused.body.code).to.equal('rate_limited');
    });
  });
});
