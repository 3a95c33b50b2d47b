export {
  createActivityService,
  type ActivityEntry,
  type ActivityService,
  type RequestContext,
} from './activity.service.js';
export { activityLogModel, RESOURCE_TYPES, type ResourceType } from './activity.model.js';
export { registerActivityRoutes } from './activity.routes.js';
