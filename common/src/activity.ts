/** The activity trail (audit and request log) as the server writes it and the dashboard filters it. */

/** Every resource type an activity log entry can name. */
export const RESOURCE_TYPES = [
  'user',
  'token',
  'project',
  'application',
  'organization',
  'member',
  'api',
  'component',
  'other',
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
