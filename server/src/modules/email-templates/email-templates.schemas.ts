import { z } from '../../lib/openapi.js';
import { ObjectIdParam } from '../../core/schemas.js';
import { LOCALES } from '../../core/mail.js';

/** Bounds of what one template may hold. */
export const TEMPLATE_LIMITS = {
  name: 100,
  subject: 300,
  content: 100_000,
  variables: 100,
  perApplication: 200,
  verifiedSenders: 20,
} as const;

const LocaleSchema = z.enum(LOCALES).openapi({ description: 'Language of the variant: de or en.' });

/** No control characters: a name is shown in lists and used as the `template` of send requests. */
const TemplateNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(TEMPLATE_LIMITS.name, `Name must be at most ${TEMPLATE_LIMITS.name} characters long.`)
  .regex(/^[^\p{Cc}]+$/u, 'Name must not contain control characters.');

const SubjectSchema = z
  .string({ error: 'Subject is required.' })
  .trim()
  .min(1, 'Subject is required.')
  .max(TEMPLATE_LIMITS.subject, `Subject must be at most ${TEMPLATE_LIMITS.subject} characters long.`);

const HtmlContentSchema = z
  .string({ error: 'HTML content is required.' })
  .min(1, 'HTML content is required.')
  .max(TEMPLATE_LIMITS.content, `HTML content must be at most ${TEMPLATE_LIMITS.content} characters long.`)
  .openapi({ description: 'HTML with {{variable}} placeholders; sanitized on save.' });

const TextContentSchema = z
  .string()
  .max(TEMPLATE_LIMITS.content, `Text content must be at most ${TEMPLATE_LIMITS.content} characters long.`)
  .openapi({ description: 'Plain-text part; derived from html_content when empty.' });

export const EmailTemplateSchema = z
  .object({
    id: z.string(),
    application_id: z.string(),
    name: z.string(),
    locale: LocaleSchema,
    subject: z.string(),
    html_content: z.string(),
    text_content: z.string().nullable(),
    variables: z.array(z.string()).openapi({ description: 'The {{name}} placeholders, detected on save.' }),
    is_active: z.boolean(),
    is_system_template: z.boolean(),
    created_by: z.string().nullable().openapi({ description: 'Null for system templates.' }),
    updated_at: z.iso.datetime(),
    created_at: z.iso.datetime(),
  })
  .openapi('EmailTemplate', { description: 'SPEC §3 email_template, one language variant.' });

export const EmailTemplateListSchema = z
  .object({
    data: z.array(EmailTemplateSchema),
    next_cursor: z
      .string()
      .nullable()
      .openapi({ description: 'Always null: an application’s templates come in one page.' }),
  })
  .openapi('EmailTemplateList');

export const ListEmailTemplatesQuery = z.object({
  application_id: ObjectIdParam.openapi({ description: 'The application whose templates to list.' }),
  kind: z
    .enum(['system', 'custom'])
    .optional()
    .openapi({ description: 'Only system or only custom templates; both when omitted.' }),
  locale: LocaleSchema.optional(),
  include_inactive: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'Also deactivated custom templates (default false).' }),
});

export const CreateEmailTemplateSchema = z
  .object({
    application_id: z
      .string({ error: 'Application is required.' })
      .min(1, 'Application is required.')
      .pipe(ObjectIdParam),
    name: TemplateNameSchema,
    subject: SubjectSchema,
    html_content: HtmlContentSchema,
    text_content: TextContentSchema.nullable().optional(),
    locale: LocaleSchema.optional().openapi({
      description: 'Defaults to the application’s default locale (email settings).',
    }),
  })
  .openapi('CreateEmailTemplateRequest');

export const UpdateEmailTemplateSchema = z
  .object({
    name: TemplateNameSchema.optional(),
    subject: SubjectSchema.optional(),
    html_content: HtmlContentSchema.optional(),
    text_content: TextContentSchema.nullable().optional(),
    locale: LocaleSchema.optional(),
    application_id: ObjectIdParam.optional().openapi({
      description: 'Moves a custom template to another application of the caller’s.',
    }),
    is_active: z.boolean().optional().openapi({ description: 'false deactivates a custom template.' }),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change.',
  })
  .openapi('UpdateEmailTemplateRequest');

/** Placeholder values: strings, numbers or booleans (sent as their text). */
const TemplateDataSchema = z
  .record(
    z.string().max(100),
    z
      .union([z.string().max(TEMPLATE_LIMITS.content), z.number(), z.boolean()])
      .transform((value) => String(value)),
  )
  .refine((data) => Object.keys(data).length <= TEMPLATE_LIMITS.variables, {
    message: `At most ${TEMPLATE_LIMITS.variables} values.`,
  })
  .openapi({ type: 'object', additionalProperties: { type: 'string' } });

export const PreviewEmailTemplateSchema = z
  .object({
    data: TemplateDataSchema.default({}),
    subject: SubjectSchema.optional().openapi({
      description: 'A draft subject to preview instead of the saved one.',
    }),
    html_content: HtmlContentSchema.optional().openapi({
      description:
        'Draft HTML to preview instead of the saved one (sanitized as on save; nothing is stored).',
    }),
    text_content: TextContentSchema.nullable().optional(),
  })
  .openapi('PreviewEmailTemplateRequest');

export const EmailPreviewSchema = z
  .object({
    subject: z.string(),
    html: z.string().openapi({ description: 'The complete mail HTML; show it in a sandboxed iframe.' }),
    text: z.string(),
    unresolved: z
      .array(z.string())
      .openapi({ description: 'Placeholders without a value, still shown as {{name}}.' }),
  })
  .openapi('EmailPreview');

export const CopySystemTemplatesResultSchema = z
  .object({
    added: z.number().int().openapi({ description: 'How many system templates were missing and added.' }),
    data: z.array(EmailTemplateSchema).openapi({ description: 'The application’s system templates.' }),
  })
  .openapi('CopySystemTemplatesResult');

export const EmailSettingsSchema = z
  .object({
    application_id: z.string(),
    default_locale: LocaleSchema,
    verified_senders: z.array(z.string()).openapi({
      description: 'Senders whose address confirmed by the link mailed to it; only these may be `from`.',
    }),
    pending_senders: z.array(z.string()).openapi({
      description: 'Senders waiting for their address to follow the verification link; never used as `from`.',
    }),
  })
  .openapi('EmailSettings');

const SenderAddressSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid e-mail address.' }))
  .openapi({ type: 'string', format: 'email' });

export const ResendSenderLinkSchema = z
  .object({ address: SenderAddressSchema })
  .openapi('ResendSenderVerificationRequest');

export const SenderLinkQuery = z.object({
  token: z.string().max(200).optional().openapi({ description: 'The token of the verification link.' }),
});

export const SenderLinkRequestSchema = z
  .object({ token: z.string({ error: 'token is required.' }).min(1, 'token is required.').max(200) })
  .openapi('SenderVerificationRequest');

export const SenderLinkResponseSchema = z
  .object({
    address: z.string(),
    organization_name: z.string(),
    application_name: z.string(),
  })
  .openapi('SenderVerification');

export const UpdateEmailSettingsSchema = z
  .object({
    default_locale: LocaleSchema.optional(),
    verified_senders: z
      .array(SenderAddressSchema)
      .max(TEMPLATE_LIMITS.verifiedSenders, `At most ${TEMPLATE_LIMITS.verifiedSenders} senders.`)
      .transform((senders) => [...new Set(senders)])
      .optional()
      .openapi({
        type: 'array',
        items: { type: 'string', format: 'email' },
        description:
          'The senders the application should have. New addresses become pending and receive a verification link; addresses left out are removed.',
      }),
  })
  .refine((body) => body.default_locale !== undefined || body.verified_senders !== undefined, {
    message: 'Send default_locale and/or verified_senders.',
  })
  .openapi('UpdateEmailSettingsRequest');

export const EmailPreferencesSchema = z
  .object({
    locale: LocaleSchema.nullable().openapi({
      description: 'Language of the mails you receive; null: each application’s default.',
    }),
  })
  .openapi('EmailPreferences');

export const UpdateEmailPreferencesSchema = EmailPreferencesSchema.openapi('UpdateEmailPreferencesRequest');

/** SPEC §7 send request: `to` plus either `template` (+ templateData) or `subject` and `html`. */
export const SendEmailSchema = z
  .object({
    to: z
      .string({ error: 'Recipient is required.' })
      .trim()
      .max(254)
      .pipe(z.email({ message: 'Enter a valid e-mail address as recipient.' }))
      .openapi({ type: 'string', format: 'email' }),
    subject: SubjectSchema.optional(),
    html: HtmlContentSchema.optional().openapi({ description: 'Sanitized like template HTML.' }),
    text: TextContentSchema.optional(),
    template: TemplateNameSchema.optional().openapi({
      description: 'Name of one of the application’s templates.',
    }),
    templateData: TemplateDataSchema.optional(),
    from: z.string().trim().max(320).optional().openapi({
      description:
        'Sender ("Name <address>" or an address): MAIL_FROM’s address or one of the application’s verified senders; anything else is refused (403 sender_not_verified, 400 invalid_sender).',
    }),
    applicationId: z
      .string({ error: 'applicationId is required.' })
      .min(1, 'applicationId is required.')
      .pipe(ObjectIdParam),
    userId: z.string().trim().max(64).optional().openapi({
      description:
        'The account the mail is about (logged; its mail language picks the template variant): a user of the application or a member of its organization, else 404 application_user_not_found.',
    }),
    locale: LocaleSchema.optional().openapi({ description: 'Overrides the recipient’s language.' }),
  })
  .superRefine((body, ctx) => {
    const raw = body.subject !== undefined || body.html !== undefined || body.text !== undefined;
    if (body.template !== undefined && raw) {
      ctx.addIssue({
        code: 'custom',
        path: ['template'],
        message: 'Send either template (with templateData) or subject and html, not both.',
      });
    } else if (body.template === undefined) {
      if (body.templateData !== undefined)
        ctx.addIssue({ code: 'custom', path: ['templateData'], message: 'templateData needs a template.' });
      if (body.subject === undefined)
        ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Send a template, or subject and html.' });
      if (body.html === undefined)
        ctx.addIssue({ code: 'custom', path: ['html'], message: 'Send a template, or subject and html.' });
    }
  })
  .openapi('SendEmailRequest');

export const SendEmailResultSchema = z
  .object({
    success: z.literal(true),
    message_id: z.string(),
    transport: z.enum(['smtp', 'outbox']),
    from: z.string().openapi({ description: 'The sender used.' }),
    template: z.string().nullable(),
    locale: LocaleSchema.nullable().openapi({ description: 'The variant sent; null for raw HTML.' }),
  })
  .openapi('SendEmailResult');

export type ListEmailTemplatesQueryInput = z.infer<typeof ListEmailTemplatesQuery>;
export type CreateEmailTemplateInput = z.infer<typeof CreateEmailTemplateSchema>;
export type UpdateEmailTemplateInput = z.infer<typeof UpdateEmailTemplateSchema>;
export type PreviewEmailTemplateInput = z.infer<typeof PreviewEmailTemplateSchema>;
export type EmailTemplateView = z.infer<typeof EmailTemplateSchema>;
export type EmailPreview = z.infer<typeof EmailPreviewSchema>;
export type EmailSettingsView = z.infer<typeof EmailSettingsSchema>;
export type UpdateEmailSettingsInput = z.infer<typeof UpdateEmailSettingsSchema>;
export type SendEmailInput = z.infer<typeof SendEmailSchema>;
export type SendEmailResult = z.infer<typeof SendEmailResultSchema>;
export type SenderLinkView = z.infer<typeof SenderLinkResponseSchema>;
