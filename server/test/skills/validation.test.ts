import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext } from '../auth/helpers.js';
import { storedUser, usersPath } from '../pool-users/helpers.js';
import { memberSkillsPath, skillsTenant, userSkillsPath, type SkillsTenant } from './helpers.js';

/** PUT …/skills (issue #33): what a list may hold, how it is stored and answered, and that it replaces. */
describe('skills: validation and storage', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let t: SkillsTenant;

  const putMember = (body: unknown, memberId = t.rows.member.id) =>
    ctx.request
      .put(memberSkillsPath(t.organizationId, memberId))
      .set(bearer(t.admin.access_token))
      .send(body as object);
  const putUser = (body: unknown, userId = t.endUser.id) =>
    ctx.request
      .put(userSkillsPath(t.projectId, userId))
      .set(bearer(t.admin.access_token))
      .send(body as object);
  const storedMember = () =>
    ctx.database.connection
      .collection('organization_members')
      .findOne({ _id: new Types.ObjectId(t.rows.member.id) });

  before(async () => {
    ctx = await createAuthContext();
    t = await skillsTenant(ctx);
  });
  after(() => ctx.close());

  it('sets a member’s skills: names trimmed, level optional (null), answered with the member', async () => {
    const response = await putMember({
      skills: [{ name: '  TypeScript ', level: 4 }, { name: 'Erste Hilfe' }, { name: 'SQL', level: null }],
    }).expect(200);
    expect(response.body).to.include({ id: t.rows.member.id, user_id: t.member.user.id, role: 'member' });
    expect(response.body.skills).to.deep.equal([
      { name: 'TypeScript', level: 4 },
      { name: 'Erste Hilfe', level: null },
      { name: 'SQL', level: null },
    ]);
    expect((await storedMember())!.skills).to.deep.equal(response.body.skills);
    const list = await ctx.request
      .get(`/api/v1/organizations/${t.organizationId}/members`)
      .set(bearer(t.member.access_token))
      .expect(200);
    const row = (list.body.data as Array<{ id: string; skills: unknown }>).find(
      (m) => m.id === t.rows.member.id,
    );
    expect(row!.skills).to.deep.equal(response.body.skills);
    // Everyone else in the list carries the field too (empty).
    for (const other of list.body.data as Array<{ id: string; skills: unknown }>)
      if (other.id !== t.rows.member.id) expect(other.skills, other.id).to.deep.equal([]);
  });

  it('a new list replaces the old one; an empty list removes every skill', async () => {
    await putMember({ skills: [{ name: 'Go', level: 2 }] }).expect(200);
    expect((await storedMember())!.skills).to.deep.equal([{ name: 'Go', level: 2 }]);
    const cleared = await putMember({ skills: [] }).expect(200);
    expect(cleared.body.skills).to.deep.equal([]);
    expect((await storedMember())!.skills).to.deep.equal([]);
  });

  it('sets an end user’s skills: answered with the user, shown in the list and the detail', async () => {
    const response = await putUser({ skills: [{ name: 'Kasse', level: 5 }, { name: 'Lager' }] }).expect(200);
    expect(response.body).to.include({ id: t.endUser.id, email: t.endUser.email });
    expect(response.body.skills).to.deep.equal([
      { name: 'Kasse', level: 5 },
      { name: 'Lager', level: null },
    ]);
    expect((await storedUser(ctx, t.endUser.id))!.skills).to.deep.equal(response.body.skills);
    const list = await ctx.request.get(usersPath(t.projectId)).set(bearer(t.member.access_token)).expect(200);
    const row = (list.body.data as Array<{ id: string; skills: unknown }>).find((u) => u.id === t.endUser.id);
    expect(row!.skills).to.deep.equal(response.body.skills);
    const detail = await ctx.request
      .get(usersPath(t.projectId, `/${t.endUser.id}`))
      .set(bearer(t.member.access_token))
      .expect(200);
    expect(detail.body.skills).to.deep.equal(response.body.skills);
  });

  it('takes 50 skills of 50 characters with every level from 1 to 5', async () => {
    const skills = Array.from({ length: 50 }, (_, i) => ({
      name: `${String(i).padStart(2, '0')}${'x'.repeat(48)}`,
      level: (i % 5) + 1,
    }));
    const response = await putUser({ skills }).expect(200);
    expect(response.body.skills).to.deep.equal(skills);
  });

  const REFUSED: Array<[string, unknown, string]> = [
    ['no list', {}, 'body.skills'],
    ['not a list', { skills: 'TypeScript' }, 'body.skills'],
    ['an empty name', { skills: [{ name: '' }] }, 'body.skills.0.name'],
    ['a blank name', { skills: [{ name: 'Go' }, { name: '   ' }] }, 'body.skills.1.name'],
    ['a name of 51 characters', { skills: [{ name: 'y'.repeat(51) }] }, 'body.skills.0.name'],
    ['a control character', { skills: [{ name: 'Tab\there' }] }, 'body.skills.0.name'],
    ['a name that is no string', { skills: [{ name: 7 }] }, 'body.skills.0.name'],
    ['level 0', { skills: [{ name: 'Go', level: 0 }] }, 'body.skills.0.level'],
    ['level 6', { skills: [{ name: 'Go', level: 6 }] }, 'body.skills.0.level'],
    ['level 2.5', { skills: [{ name: 'Go', level: 2.5 }] }, 'body.skills.0.level'],
    ['level "3"', { skills: [{ name: 'Go', level: '3' }] }, 'body.skills.0.level'],
    ['51 skills', { skills: Array.from({ length: 51 }, (_, i) => ({ name: `skill ${i}` })) }, 'body.skills'],
  ];

  for (const [what, body, path] of REFUSED)
    it(`refuses ${what} with 400 validation_failed at ${path}, changing nothing`, async () => {
      await putMember({ skills: [{ name: 'Kept', level: 3 }] }).expect(200);
      for (const put of [putMember, putUser]) {
        const response = await put(body);
        expect(response.status, JSON.stringify(response.body)).to.equal(400);
        expect(response.body.code).to.equal('validation_failed');
        expect((response.body.details as Array<{ path: string }>).map((d) => d.path)).to.include(path);
      }
      expect((await storedMember())!.skills).to.deep.equal([{ name: 'Kept', level: 3 }]);
    });

  it('refuses a name given twice (case-insensitively, after trimming), naming the duplicate', async () => {
    await putMember({ skills: [{ name: 'Kept' }] }).expect(200);
    for (const put of [putMember, putUser]) {
      const response = await put({
        skills: [{ name: 'TypeScript', level: 2 }, { name: 'Go' }, { name: ' typescript ', level: 5 }],
      });
      expect(response.status).to.equal(400);
      expect(response.body.code).to.equal('validation_failed');
      expect(response.body.error)
        .to.contain('body.skills.2.name')
        .and.to.contain('“typescript” appears twice');
      expect(response.body.details).to.deep.equal([
        {
          path: 'body.skills.2.name',
          message:
            'The skill “typescript” appears twice (names are compared case-insensitively, “TypeScript” came first).',
        },
      ]);
    }
    expect((await storedMember())!.skills).to.deep.equal([{ name: 'Kept', level: null }]);
  });

  it('ignores fields it does not know', async () => {
    const response = await putMember({ skills: [{ name: 'Go', level: 1, verified: true }], extra: 1 }).expect(
      200,
    );
    expect(response.body.skills).to.deep.equal([{ name: 'Go', level: 1 }]);
    expect((await storedMember())!.skills).to.deep.equal([{ name: 'Go', level: 1 }]);
  });

  it('answers 404 member_not_found / pool_user_not_found for unknown ids', async () => {
    const unknown = new Types.ObjectId().toHexString();
    const member = await putMember({ skills: [] }, unknown).expect(404);
    expect(member.body.code).to.equal('member_not_found');
    const user = await putUser({ skills: [] }, unknown).expect(404);
    expect(user.body.code).to.equal('pool_user_not_found');
  });
});
