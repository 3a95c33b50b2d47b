export { createEmailTemplatesService } from './email-templates.service.js';
export type { EmailTemplatesService } from './email-templates.types.js';
export { createTemplateStore } from './email-templates.store.js';
export type { TemplateStore } from './email-templates.store.js';
export { createEmailSendService } from './email-send.service.js';
export type { EmailSendService } from './email-send.service.js';
export { registerEmailTemplateRoutes, SEND_EMAIL_FUNCTION_PATH } from './email-templates.routes.js';
export { EmailTemplateErrors } from './email-templates.errors.js';
