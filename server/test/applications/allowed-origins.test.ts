import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser } from '../auth/helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';

/** Issue #36 item 3: a refused origin is named with its reason, and nothing is changed. */
describe('applications: allowed_origins errors a person can act on', () => {
  let ctx: TestContext;
  let admin: User;
  let projectId: string;

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'origins-admin');
    projectId = (await createProject(ctx, admin, await createOrganization(ctx, admin))).id;
  });
  after(() => ctx.close());

  const patch = (id: string, body: Record<string, unknown>) =>
    ctx.request.patch(`/api/v1/applications/${id}`).set(bearer(admin.access_token)).send(body);

  it('refuses a pasted URL next to a valid origin with 400 naming the entry, the reasons and its origin; nothing changes', async () => {
    const application = await createApplication(ctx, admin, projectId, {
      allowed_origins: ['https://kept.example'],
    });
    const response = await patch(application.id, {
      name: 'Renamed',
      allowed_origins: ['http://127.0.0.1:3499', '127.0.0.1:3499/path'],
    }).expect(400);
    expect(response.body.code).to.equal('validation_failed');
    expect(response.body.details).to.deep.equal([
      {
        path: 'body.allowed_origins.1',
        message:
          'allowed_origins[1] "127.0.0.1:3499/path" is not an origin: it has no scheme (http:// or https://), it has a path; use http://127.0.0.1:3499.',
      },
    ]);
    const stored = await ctx.request
      .get(`/api/v1/applications/${application.id}`)
      .set(bearer(admin.access_token))
      .expect(200);
    expect(stored.body.name).to.equal(application.name);
    expect(stored.body.allowed_origins).to.deep.equal(['https://kept.example']);
  });

  it('says why a wildcard or another scheme is refused, without guessing an origin', async () => {
    const application = await createApplication(ctx, admin, projectId);
    const response = await patch(application.id, {
      allowed_origins: ['https://*.example.com', 'ftp://files.example'],
    }).expect(400);
    expect(response.body.details.map((detail: { message: string }) => detail.message)).to.deep.equal([
      'allowed_origins[0] "https://*.example.com" is not an origin: wildcards (*) are not supported, list each origin; use scheme://host[:port], e.g. https://app.example.com.',
      'allowed_origins[1] "ftp://files.example" is not an origin: only http and https are allowed; use scheme://host[:port], e.g. https://app.example.com.',
    ]);
  });

  it('stores valid origins normalised and de-duplicated', async () => {
    const application = await createApplication(ctx, admin, projectId);
    const response = await patch(application.id, {
      allowed_origins: ['http://127.0.0.1:3499/', 'HTTP://127.0.0.1:3499', 'https://App.Example.com:443'],
    }).expect(200);
    expect(response.body.allowed_origins).to.deep.equal(['http://127.0.0.1:3499', 'https://app.example.com']);
  });
});
