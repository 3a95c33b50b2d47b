export { createMailService, MailDeliveryError } from './mail.service.js';
export type { MailServiceDependencies, StoredTemplateSource } from './mail.service.js';
export { audienceDefaults, createMailRecipients } from './mail.audience.js';
export type { MailRecipients, MailRecipientSources, PoolRecipient } from './mail.audience.js';
export { registerMailRoutes, isDevOutboxEnabled } from './mail.routes.js';
export type { MailRouteDependencies } from './mail.routes.js';
export {
  APPLICATION_SYSTEM_TEMPLATES,
  PLATFORM_PRODUCT_NAME,
  SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATES_EN,
  applicationTemplate,
  detectTemplateVariables,
  isApplicationSystemTemplateName,
  isSystemTemplateName,
  renderTemplate,
  systemTemplate,
} from './mail.templates.js';
export { END_USER_TEMPLATES, END_USER_TEMPLATES_EN } from './mail.templates.pool.js';
export type {
  ApplicationSystemTemplateName,
  MailAudience,
  MailTemplate,
  RenderedMail,
  TemplateSource,
} from './mail.templates.js';
export { renderStoredTemplate, sanitizeTemplateHtml, SECRET_PLACEHOLDER } from './mail.sanitize.js';
export type { StoredTemplate, TemplateProblem } from './mail.sanitize.js';
export { htmlToText } from './mail.text.js';
export { MailErrors } from './mail.errors.js';
