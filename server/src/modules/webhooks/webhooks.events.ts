import { WEBHOOK_EVENT_TYPES } from '../../core/webhooks.js';

/** Sent only by "send test event"; no subscription pattern is needed for it. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** `*`, `user.*` or an exact event type. */
export function eventPatternMatches(pattern: string, type: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return type.startsWith(pattern.slice(0, -1));
  return pattern === type;
}

/** A pattern is accepted when it matches at least one known event type. */
export function isKnownEventPattern(pattern: string): boolean {
  return WEBHOOK_EVENT_TYPES.some((type) => eventPatternMatches(pattern, type));
}

export function subscribesTo(patterns: readonly string[], type: string): boolean {
  return patterns.some((pattern) => eventPatternMatches(pattern, type));
}
