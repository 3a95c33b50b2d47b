export { AssistantErrors } from './assistant.errors.js';
export { AI_DOCUMENTATION_FUNCTION_PATH, registerAssistantRoutes } from './assistant.routes.js';
export { createAssistantService, type AssistantService } from './assistant.service.js';
