export { IamClient, IamError, type Health, type IamClientOptions } from './client';
export { createId, isId, ID_PREFIX, type IdKind } from './ids';
