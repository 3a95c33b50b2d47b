export { createMailService } from './mail.service.js';
export type {
  MailService,
  MailServiceDependencies,
  SendInput,
  SendResult,
  SendTemplateInput,
} from './mail.service.js';
export { registerMailRoutes, isDevOutboxEnabled } from './mail.routes.js';
export type { MailRouteDependencies } from './mail.routes.js';
export {
  SYSTEM_TEMPLATES,
  detectTemplateVariables,
  isSystemTemplateName,
  renderTemplate,
} from './mail.templates.js';
export type { MailTemplate, RenderedMail, SystemTemplateName, TemplateSource } from './mail.templates.js';
export { htmlToText } from './mail.text.js';
export { MailErrors } from './mail.errors.js';
