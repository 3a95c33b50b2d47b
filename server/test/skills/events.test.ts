import { expect } from 'chai';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import { createToken } from '../projects/helpers.js';
import { auditEntries } from '../pool-users/helpers.js';
import { createWebhook, createWebhookContext, startReceiver, type Receiver } from '../webhooks/helpers.js';
import { memberSkillsPath, skillsTenant, userSkillsPath, type SkillsTenant } from './helpers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every change of skills is audited and announced as `skills.changed`; an unchanged list is neither. */
describe('skills: audit and webhook events', function () {
  this.timeout(120_000);
  let ctx: TestContext;
  let receiver: Receiver;
  let t: SkillsTenant;

  const skillEvents = () =>
    receiver.requests.filter((r) => r.json.type === 'skills.changed').map((r) => r.json);
  const memberAudit = () =>
    ctx.database.connection
      .collection('activity_logs')
      .find({ action: 'member.skills_changed', resource_id: t.rows.member.id })
      .sort({ _id: 1 })
      .toArray();

  before(async () => {
    ctx = await createWebhookContext();
    receiver = await startReceiver();
    t = await skillsTenant(ctx);
    await createWebhook(ctx, t.admin.access_token, t.organizationId, {
      url: receiver.url,
      events: ['skills.*'],
    });
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('a member’s change: audited member.skills_changed (from, to) and announced with the subject', async () => {
    await ctx.request
      .put(memberSkillsPath(t.organizationId, t.rows.member.id))
      .set(bearer(t.keeper.access_token))
      .send({ skills: [{ name: 'Rust', level: 2 }] })
      .expect(200);
    await ctx.request
      .put(memberSkillsPath(t.organizationId, t.rows.member.id))
      .set(bearer(t.admin.access_token))
      .send({ skills: [{ name: 'Rust', level: 3 }, { name: 'Kotlin' }] })
      .expect(200);
    const entries = await memberAudit();
    expect(entries).to.have.length(2);
    expect(entries[0]).to.include({ resource_type: 'member', status_code: 200 });
    expect(String(entries[0]!.user_id)).to.equal(t.keeper.user.id);
    expect(String(entries[0]!.organization_id)).to.equal(t.organizationId);
    expect(entries[0]!.metadata).to.deep.equal({
      member_user_id: t.member.user.id,
      from: [],
      to: [{ name: 'Rust', level: 2 }],
    });
    expect(entries[1]!.metadata).to.deep.include({
      from: [{ name: 'Rust', level: 2 }],
      to: [
        { name: 'Rust', level: 3 },
        { name: 'Kotlin', level: null },
      ],
    });

    await receiver.waitFor(
      (requests) => requests.filter((r) => r.json.type === 'skills.changed').length >= 2,
    );
    const [first, second] = skillEvents();
    expect(first!.organization_id).to.equal(t.organizationId);
    expect(first!.data).to.deep.equal({
      subject: {
        type: 'member',
        id: t.rows.member.id,
        user_id: t.member.user.id,
        organization_id: t.organizationId,
      },
      skills: [{ name: 'Rust', level: 2 }],
      previous_skills: [],
      changed_by: t.keeper.user.id,
    });
    expect(second!.data.previous_skills).to.deep.equal([{ name: 'Rust', level: 2 }]);
  });

  it('an end user’s change: audited pool_user.skills_changed in the project (naming an API token) and announced', async () => {
    const before = skillEvents().length;
    const token = await createToken(ctx, t.admin, t.applicationId, ['write']);
    await ctx.request
      .put(userSkillsPath(t.projectId, t.endUser.id))
      .set(bearer(token))
      .send({ skills: [{ name: 'Kasse', level: 4 }] })
      .expect(200);
    const [entry] = await auditEntries(ctx, t.projectId, 'pool_user.skills_changed');
    expect(entry).to.include({ resource_type: 'user', resource_id: t.endUser.id });
    expect(String(entry!.organization_id)).to.equal(t.organizationId);
    expect(entry!.metadata).to.deep.include({
      from: [],
      to: [{ name: 'Kasse', level: 4 }],
      via: 'api_token',
    });
    expect(entry!.metadata).to.have.property('token_id');

    await receiver.waitFor(
      (requests) => requests.filter((r) => r.json.type === 'skills.changed').length > before,
    );
    const event = skillEvents()[before]!;
    expect(event.organization_id).to.equal(t.organizationId);
    expect(event.data).to.deep.include({
      subject: { type: 'pool_user', id: t.endUser.id, project_id: t.projectId },
      skills: [{ name: 'Kasse', level: 4 }],
      previous_skills: [],
      changed_by: t.admin.user.id,
      via: 'api_token',
    });
  });

  it('the same list again changes nothing: no audit entry, no event', async () => {
    const audited = (await memberAudit()).length;
    const userAudited = (await auditEntries(ctx, t.projectId, 'pool_user.skills_changed')).length;
    const announced = skillEvents().length;
    await ctx.request
      .put(memberSkillsPath(t.organizationId, t.rows.member.id))
      .set(bearer(t.admin.access_token))
      .send({
        skills: [
          { name: 'Rust', level: 3 },
          { name: 'Kotlin', level: null },
        ],
      })
      .expect(200);
    await ctx.request
      .put(userSkillsPath(t.projectId, t.endUser.id))
      .set(bearer(t.admin.access_token))
      .send({ skills: [{ name: ' Kasse ', level: 4 }] })
      .expect(200);
    // A later change that is announced: once it arrives, the unchanged ones would have.
    await ctx.request
      .put(memberSkillsPath(t.organizationId, t.rows.member.id))
      .set(bearer(t.admin.access_token))
      .send({ skills: [] })
      .expect(200);
    await receiver.waitFor(
      (requests) => requests.filter((r) => r.json.type === 'skills.changed').length > announced,
    );
    await sleep(200);
    expect(skillEvents()).to.have.length(announced + 1);
    expect(skillEvents()[announced]!.data.skills).to.deep.equal([]);
    expect(await memberAudit()).to.have.length(audited + 1);
    expect(await auditEntries(ctx, t.projectId, 'pool_user.skills_changed')).to.have.length(userAudited);
  });

  it('a refused change (403, 400) is neither audited nor announced', async () => {
    const audited = (await memberAudit()).length;
    await ctx.request
      .put(memberSkillsPath(t.organizationId, t.rows.member.id))
      .set(bearer(t.member.access_token))
      .send({ skills: [{ name: 'Sneaky' }] })
      .expect(403);
    await ctx.request
      .put(memberSkillsPath(t.organizationId, t.rows.member.id))
      .set(bearer(t.admin.access_token))
      .send({ skills: [{ name: 'a' }, { name: 'A' }] })
      .expect(400);
    await sleep(200);
    expect(await memberAudit()).to.have.length(audited);
    expect(JSON.stringify(skillEvents())).not.to.contain('Sneaky');
  });
});
