import { deriveSlug } from '@iam-platform/common';
import { useState } from 'react';

/**
 * The slug field's value: derived live from `name` (SPEC §5, `deriveSlug` of @iam-platform/common)
 * until the user types a slug of their own. Returns the value to show and send, and the field's
 * change handler.
 */
export function useDerivedSlug(name: string): [string, (slug: string) => void] {
  const [ownSlug, setOwnSlug] = useState<string | null>(null);
  return [ownSlug ?? deriveSlug(name), setOwnSlug];
}
