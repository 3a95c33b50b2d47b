import { applicationCallerOf } from '../../applications/index.js';
import type { EmailTemplatesService } from '../../email-templates/index.js';
import { builder } from '../graphql.builder.js';
import { asRoute, restFields } from '../graphql.operations.js';
import { Application } from './applications.js';

type TemplateView = Awaited<ReturnType<EmailTemplatesService['get']>>;
type ListQuery = Parameters<EmailTemplatesService['list']>[1];
type Create = Parameters<EmailTemplatesService['create']>[1];
type Update = Parameters<EmailTemplatesService['update']>[2];

const EmailTemplate = builder.objectRef<TemplateView>('EmailTemplate').implement({
  description:
    "One language variant of an application's e-mail template, system or custom (REST /email-templates).",
  fields: (t) => ({
    id: t.exposeID('id'),
    applicationId: t.exposeID('application_id'),
    name: t.exposeString('name'),
    locale: t.exposeString('locale'),
    subject: t.exposeString('subject'),
    htmlContent: t.exposeString('html_content'),
    textContent: t.exposeString('text_content', { nullable: true }),
    variables: t.exposeStringList('variables'),
    isActive: t.exposeBoolean('is_active'),
    isSystemTemplate: t.exposeBoolean('is_system_template'),
    createdBy: t.exposeID('created_by', { nullable: true }),
    createdAt: t.expose('created_at', { type: 'DateTime' }),
    updatedAt: t.expose('updated_at', { type: 'DateTime' }),
  }),
});

const templateFilters = builder.args((t) => ({
  kind: t.string({ description: 'system or custom; both when omitted.' }),
  locale: t.string(),
  includeInactive: t.boolean({ description: 'Also deactivated custom templates.' }),
}));

builder.objectFields(Application, (t) => ({
  emailTemplates: t.field({
    type: [EmailTemplate],
    nullable: true,
    description: "The application's active templates, newest first; missing system copies are created.",
    args: templateFilters,
    resolve: async (application, args, ctx) => {
      const { query } = await asRoute<unknown, ListQuery>(ctx, 'GET /email-templates', {
        query: {
          application_id: application.id,
          ...restFields({ kind: args.kind, locale: args.locale }),
          ...(typeof args.includeInactive === 'boolean'
            ? { include_inactive: String(args.includeInactive) }
            : {}),
        },
      });
      return ctx.services.emailTemplates.list(applicationCallerOf(ctx.req), query);
    },
  }),
}));

builder.queryField('emailTemplate', (t) =>
  t.field({
    type: EmailTemplate,
    nullable: true,
    description: "null with a 404 error (email_template_not_found) for another tenant's template.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params } = await asRoute(ctx, 'GET /email-templates/:id', { params: { id: String(args.id) } });
      return ctx.services.emailTemplates.get(applicationCallerOf(ctx.req), params.id);
    },
  }),
);

const CreateEmailTemplateInput = builder.inputType('CreateEmailTemplateInput', {
  fields: (t) => ({
    applicationId: t.id({ required: true }),
    name: t.string({ required: true }),
    subject: t.string({ required: true }),
    htmlContent: t.string({ required: true }),
    textContent: t.string(),
    locale: t.string(),
  }),
});

const UpdateEmailTemplateInput = builder.inputType('UpdateEmailTemplateInput', {
  fields: (t) => ({
    name: t.string(),
    subject: t.string(),
    htmlContent: t.string(),
    textContent: t.string({ description: 'null clears it.' }),
    locale: t.string(),
    applicationId: t.id({ description: "Moves a custom template to another of the caller's applications." }),
    isActive: t.boolean(),
  }),
});

builder.mutationFields((t) => ({
  createEmailTemplate: t.field({
    type: EmailTemplate,
    nullable: true,
    description: 'A custom template; the HTML is sanitized (REST POST /email-templates).',
    args: { input: t.arg({ type: CreateEmailTemplateInput, required: true }) },
    resolve: async (_root, args, ctx) => {
      const { body, context } = await asRoute<Create>(ctx, 'POST /email-templates', {
        body: restFields(args.input, ['textContent']),
      });
      return ctx.services.emailTemplates.create(applicationCallerOf(ctx.req), body, context);
    },
  }),
  updateEmailTemplate: t.field({
    type: EmailTemplate,
    nullable: true,
    args: {
      id: t.arg.id({ required: true }),
      input: t.arg({ type: UpdateEmailTemplateInput, required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const { params, body, context } = await asRoute<Update>(ctx, 'PATCH /email-templates/:id', {
        params: { id: String(args.id) },
        body: restFields(args.input, ['textContent']),
      });
      return ctx.services.emailTemplates.update(applicationCallerOf(ctx.req), params.id, body, context);
    },
  }),
  deleteEmailTemplate: t.boolean({
    nullable: true,
    description: 'Custom templates only (system templates answer 409; reset them instead).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params, context } = await asRoute(ctx, 'DELETE /email-templates/:id', {
        params: { id: String(args.id) },
      });
      await ctx.services.emailTemplates.remove(applicationCallerOf(ctx.req), params.id, context);
      return true;
    },
  }),
  resetEmailTemplate: t.field({
    type: EmailTemplate,
    nullable: true,
    description: 'A system template back to its default (REST POST /email-templates/{id}/reset).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const { params, context } = await asRoute(ctx, 'POST /email-templates/:id/reset', {
        params: { id: String(args.id) },
      });
      return ctx.services.emailTemplates.reset(applicationCallerOf(ctx.req), params.id, context);
    },
  }),
}));
