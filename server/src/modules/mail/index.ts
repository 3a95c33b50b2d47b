export { createMailService, MailDeliveryError } from './mail.service.js';
export type { MailServiceDependencies } from './mail.service.js';
export { registerMailRoutes, isDevOutboxEnabled } from './mail.routes.js';
export type { MailRouteDependencies } from './mail.routes.js';
export {
  APPLICATION_SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATES,
  SYSTEM_TEMPLATES_EN,
  detectTemplateVariables,
  isSystemTemplateName,
  renderTemplate,
  systemTemplate,
} from './mail.templates.js';
export type { MailTemplate, RenderedMail, TemplateSource } from './mail.templates.js';
export { htmlToText } from './mail.text.js';
export { MailErrors } from './mail.errors.js';
export { createEmailTemplatesService } from './email-templates.service.js';
export type { EmailTemplatesService } from './email-templates.service.js';
export { createEmailSendService } from './email-send.service.js';
export type { EmailSendService } from './email-send.service.js';
export { registerEmailTemplateRoutes, SEND_EMAIL_FUNCTION_PATH } from './email-templates.routes.js';
export { EmailTemplateErrors } from './email-templates.errors.js';
