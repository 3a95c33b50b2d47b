import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { ageSession } from '../auth/step-up-helpers.js';
import { createApplication, createOrganization, createProject, type User } from '../projects/helpers.js';
import {
  auditEntries,
  embeddedLogin,
  exportedHash,
  importUsers,
  OLD_PASSWORD,
  SHOP,
  usersPath,
} from './helpers.js';

/** POST /api/v1/projects/{project_id}/users/import: JSON and CSV, bcrypt hashes (issue #31). */
describe('pool users: import', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  let admin: User;
  let projectId: string;
  let applicationId: string;

  const profiles = () => ctx.database.connection.collection('profiles');
  const postCsv = (csv: string, token = admin.access_token, id = projectId) =>
    ctx.request.post(usersPath(id, '/import')).set(bearer(token)).set('Content-Type', 'text/csv').send(csv);

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'importadmin');
    const organizationId = await createOrganization(ctx, admin);
    projectId = (await createProject(ctx, admin, organizationId)).id;
    applicationId = (await createApplication(ctx, admin, projectId, { allowed_origins: [SHOP] })).id;
  });
  after(() => ctx.close());

  it('imports 10 users from JSON: duplicates skipped, bad rows listed with index and reason', async () => {
    const taken = uniqueEmail('taken');
    await importUsers(ctx, admin, projectId, [{ email: taken }]);
    const good = Array.from({ length: 7 }, (_, i) => uniqueEmail(`json${i}`));
    const users = [
      { email: good[0], display_name: 'Ada', password_hash: exportedHash('pw-a', 'a'), email_verified: true },
      { email: good[1], password_hash: exportedHash('pw-b', 'b') },
      { email: good[2], password_hash: exportedHash('pw-y', 'y'), email_verified: false },
      { email: taken.toUpperCase() }, // 3: already in the pool (addresses compare lower-cased)
      { email: 'not-an-address', display_name: 'Nope' }, // 4
      { email: good[3], password_hash: 'md5:5f4dcc3b5aa765d61d8327deb882cf99' }, // 5
      { email: good[4], display_name: '' }, // default name
      { email: good[0] }, // 7: earlier in the same request
      { email: good[5], role: 'admin' }, // 8: unknown field
      { email: good[6], password_hash: null, display_name: null, email_verified: null },
    ];
    const result = await importUsers(ctx, admin, projectId, users);
    expect(result.imported).to.equal(5);
    expect(result.skipped).to.equal(2);
    expect(result.errors.map((error) => [error.index, error.email])).to.deep.equal([
      [4, 'not-an-address'],
      [5, good[3]],
      [8, good[5]],
    ]);
    expect(result.errors[0]!.reason).to.match(/^email: /);
    expect(result.errors[1]!.reason).to.match(/^password_hash: Not an importable bcrypt hash/);
    expect(result.errors[2]!.reason).to.match(/role/);

    const ada = await profiles().findOne({ pool_id: projectId, email: good[0] });
    expect(ada).to.include({ display_name: 'Ada', is_verified: true, blocked_at: null });
    expect(ada!.password_hash).to.match(/^bcrypt-raw:\$2a\$04\$/);
    expect((await profiles().findOne({ pool_id: projectId, email: good[4] }))!.display_name).to.equal(
      good[4]!.split('@')[0],
    );
    const bare = await profiles().findOne({ pool_id: projectId, email: good[6] });
    expect(bare).to.include({ password_hash: null, is_verified: false });
    // Refused rows wrote nothing; the duplicate is still the one account.
    expect(await profiles().countDocuments({ pool_id: projectId, email: good[3] })).to.equal(0);
    expect(await profiles().countDocuments({ pool_id: projectId, email: taken })).to.equal(1);

    const [entry] = (await auditEntries(ctx, projectId, 'user.imported')).slice(-1);
    expect(entry!.metadata).to.deep.equal({ format: 'json', rows: 10, imported: 5, skipped: 2, errors: 3 });
    expect(String(entry!.user_id)).to.equal(admin.user.id);
  });

  it('imports CSV (Content-Type: text/csv): quoted fields, any column order, bad rows listed', async () => {
    const [a, b, c, d] = [uniqueEmail('csva'), uniqueEmail('csvb'), uniqueEmail('csvc'), uniqueEmail('csvd')];
    const csv = [
      'email_verified,email,display_name,password_hash',
      `true,${a},"Müller, Anna",${exportedHash('csv-a')}`,
      `0,${b},"Say ""hi""",`,
      `maybe,${c},,`,
      `true,${d}`,
      '',
      `1,${a},dup,`,
    ].join('\r\n');
    const response = await postCsv(csv).expect(200);
    expect(response.body.imported).to.equal(2);
    expect(response.body.skipped).to.equal(1);
    expect(response.body.errors.map((e: { index: number }) => e.index)).to.deep.equal([2, 3]);
    expect(response.body.errors[0].reason).to.match(/^email_verified: /);
    expect(response.body.errors[1].reason).to.equal('The row has 2 fields; the header names 4.');
    const anna = await profiles().findOne({ pool_id: projectId, email: a });
    expect(anna).to.include({ display_name: 'Müller, Anna', is_verified: true });
    expect(anna!.password_hash).to.match(/^bcrypt-raw:\$2b\$/);
    expect(await profiles().findOne({ pool_id: projectId, email: b })).to.include({
      display_name: 'Say "hi"',
      password_hash: null,
      is_verified: false,
    });
    const [entry] = (await auditEntries(ctx, projectId, 'user.imported')).slice(-1);
    expect(entry!.metadata).to.include({ format: 'csv', imported: 2 });
  });

  it('refuses a CSV without a usable header (400 invalid_csv) and counts nothing', async () => {
    for (const csv of [
      '',
      'mail,name\nx@example.com,X',
      'email,password\nx@example.com,secret',
      'email,"x',
    ]) {
      const response = await postCsv(csv).expect(400);
      expect(response.body.code, csv).to.equal('invalid_csv');
    }
  });

  it('an imported user signs in with the old password; the first sign-in re-hashes it', async () => {
    const email = uniqueEmail('migrated');
    await importUsers(ctx, admin, projectId, [
      { email, password_hash: exportedHash(OLD_PASSWORD, 'y'), email_verified: true },
    ]);
    await embeddedLogin(ctx, applicationId, email, 'wrong password').expect(401);
    const response = await embeddedLogin(ctx, applicationId, email).expect(200);
    expect(response.body.user.email).to.equal(email);
    const stored = await profiles().findOne({ pool_id: projectId, email });
    expect(stored!.password_hash).to.match(/^\$2[ab]\$04\$/); // ours now (cost 4 in tests)
    await embeddedLogin(ctx, applicationId, email).expect(200);
    // Not a dashboard account: the product login does not know it.
    await ctx.request.post('/api/v1/auth/login').send({ email, password: OLD_PASSWORD }).expect(401);
  });

  it('takes 10,000 rows above BODY_LIMIT, refuses more (400), and bodies above 8 MB (413)', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({ email: `bulk${i}@example.org` }));
    const tooMany = await ctx.request
      .post(usersPath(projectId, '/import'))
      .set(bearer(admin.access_token))
      .send({ users: many })
      .expect(400);
    expect(tooMany.body.code).to.equal('validation_failed');
    expect(tooMany.body.error).to.match(/At most 10000 users/);
    const result = await importUsers(ctx, admin, projectId, many.slice(0, 10_000));
    expect(result).to.deep.equal({ imported: 10_000, skipped: 0, errors: [] });
    const again = await importUsers(ctx, admin, projectId, many.slice(0, 10_000));
    expect(again).to.deep.equal({ imported: 0, skipped: 10_000, errors: [] });
    const huge = await ctx.request
      .post(usersPath(projectId, '/import'))
      .set(bearer(admin.access_token))
      .set('Content-Type', 'application/json')
      .send(
        JSON.stringify({ users: [{ email: 'x@example.org', display_name: 'x'.repeat(9 * 1024 * 1024) }] }),
      )
      .expect(413);
    expect(huge.body.code).to.equal('payload_too_large');
  });

  it('needs a fresh proof of identity (step-up), and refuses API tokens', async () => {
    const stale = await signedInUser(ctx, 'staleimporter');
    const organizationId = await createOrganization(ctx, stale);
    const ownProject = (await createProject(ctx, stale, organizationId)).id;
    await ageSession(ctx, stale.access_token);
    const refused = await ctx.request
      .post(usersPath(ownProject, '/import'))
      .set(bearer(stale.access_token))
      .send({ users: [{ email: uniqueEmail('x') }] })
      .expect(403);
    expect(refused.body.code).to.equal('reauthentication_required');
    expect(await profiles().countDocuments({ pool_id: ownProject })).to.equal(0);
  });
});
