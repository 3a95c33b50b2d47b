import { de, type MessageKey } from '../i18n/messages';
import type { Translate } from '../i18n/useT';
import { ApiError } from './client';

/** "body.allowed_origins.0" → "allowed_origins.0": the field, without where in the request it was. */
function fieldOf(path: string): string {
  return path.replace(/^(body|query|params|headers)\.?/, '') || path;
}

/**
 * The text to show for a failed call: the catalog's translation of the error code (every code
 * the API can return has one), otherwise the server's own message; a request that never reached
 * the server gets a hint. A validation failure also names the fields the server refused.
 */
export function describeError(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('error.network');
  const key = `error.${error.code}`;
  if (!(key in de)) return error.message;
  // 403 forbidden naming the permission the caller's role lacks (issue #33).
  const permission = error.details?.find((detail) => detail.path === 'permission')?.message;
  if (error.code === 'forbidden' && permission) return t('permissions.forbidden', { permission });
  const text = t(key as MessageKey);
  const fields = [...new Set((error.details ?? []).map((detail) => fieldOf(detail.path)))];
  return error.code === 'validation_failed' && fields.length > 0
    ? `${text} ${t('error.checkFields', { fields: fields.join(', ') })}`
    : text;
}
