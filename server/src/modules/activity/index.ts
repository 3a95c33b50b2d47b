export { createActivityService, type ActivityLogService } from './activity.service.js';
export { activityFilterFor, type ActivityScopeDeps } from './activity.filter.js';
export { activityLogModel } from './activity.model.js';
export { registerActivityRoutes } from './activity.routes.js';
