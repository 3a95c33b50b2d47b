/**
 * The main entry's exports that the script-tag build (browser.ts) carries too: everything but the
 * OpenID Connect client, which stays out of the tracker's bundle (src/index.ts adds it).
 */
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
export { type CanResource, type Decision } from './can';
export { IamClient, IamError, type Health, type IamClientOptions } from './client';
export { createId, isId, ID_PREFIX, type IdKind } from './ids';
export type { OriginCheck } from './origin-check';
export type { TrackerOptions } from './options';
export type { KeyValueStorage } from './storage';
export { Tracker, type ActivityDetails, type ResourceType, type TrackerIds } from './tracker';
export { SDK_VERSION } from './version';
