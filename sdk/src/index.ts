export * from './api';
export {
  AuthClient,
  type AuthClientOptions,
  type AuthSession,
  type AuthUser,
  isMfaRequired,
  type MfaAnswer,
  type MfaRequired,
  type Permissions,
} from './auth';
export { IamClient, IamError, type Health, type IamClientOptions } from './client';
export { createId, isId, ID_PREFIX, type IdKind } from './ids';
export type { TrackerOptions } from './options';
export type { KeyValueStorage } from './storage';
export { Tracker, type ActivityDetails, type ResourceType, type TrackerIds } from './tracker';
export { SDK_VERSION } from './version';
