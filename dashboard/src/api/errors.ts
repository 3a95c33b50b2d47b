import { de, type MessageKey } from '../i18n/messages';
import type { Translate } from '../i18n/useT';
import { ApiError } from './client';

/**
 * The text to show for a failed call: the catalog's translation of a well-known error code,
 * otherwise the server's own message; a request that never reached the server gets a hint.
 */
export function describeError(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    const key = `error.${error.code}`;
    return key in de ? t(key as MessageKey) : error.message;
  }
  return t('error.network');
}
