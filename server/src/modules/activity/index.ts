export { createActivityService, type ActivityLogService } from './activity.service.js';
export { activityLogModel } from './activity.model.js';
export { registerActivityRoutes } from './activity.routes.js';
