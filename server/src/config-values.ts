import { z } from 'zod';

/** How config.ts reads a few kinds of environment values (kept apart so config.ts stays one screenful of settings). */
export function booleanFlag(defaultValue: boolean) {
  return z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => (value === undefined ? defaultValue : ['true', '1', 'yes'].includes(value)));
}

export function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
