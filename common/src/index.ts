export {
  ACTIVITY_SOURCES,
  isPlatformAction,
  PLATFORM_ACTION_NAMESPACES,
  RESOURCE_TYPES,
  type ActivitySource,
  type ResourceType,
} from './activity.js';
export { headingSlug, inlineText, sectionAnchor } from './markdown.js';
export { operationAnchor, resolveSchema, type OpenApiComponents, type OpenApiSchema } from './openapi.js';
export { deriveApplicationSlug, deriveSlug } from './slug.js';
export { normalizeWebsite } from './website.js';
export { checkOrigin, type OriginCheck, type OriginProblem } from './origin.js';
