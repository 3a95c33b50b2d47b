export { registerAdminRoutes } from './admin.routes.js';
