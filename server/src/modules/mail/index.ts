export { createMailService, MailDeliveryError } from './mail.service.js';
export type { MailServiceDependencies, StoredTemplateSource } from './mail.service.js';
export { registerMailRoutes, isDevOutboxEnabled } from './mail.routes.js';
export type { MailRouteDependencies } from './mail.routes.js';
export {
  APPLICATION_SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATES_EN,
  detectTemplateVariables,
  isApplicationSystemTemplateName,
  isSystemTemplateName,
  renderTemplate,
  systemTemplate,
} from './mail.templates.js';
export type {
  ApplicationSystemTemplateName,
  MailTemplate,
  RenderedMail,
  TemplateSource,
} from './mail.templates.js';
export { renderStoredTemplate, sanitizeTemplateHtml, SECRET_PLACEHOLDER } from './mail.sanitize.js';
export type { StoredTemplate, TemplateProblem } from './mail.sanitize.js';
export { htmlToText } from './mail.text.js';
export { MailErrors } from './mail.errors.js';
