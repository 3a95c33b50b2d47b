import { useCallback } from 'react';
import { describeError } from '../../api/errors';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { useToast } from '../../ui/useToast';

/**
 * SPEC §8: a failed sign-in, sign-up or reset shows a destructive toast with the screen's title
 * and the reason as description; the reason is returned for the form's own alert.
 */
export function useAuthFailure(title: MessageKey): (error: unknown) => string {
  const t = useT();
  const toast = useToast();
  return useCallback(
    (error: unknown) => {
      const reason = describeError(error, t);
      toast({ title: t(title), description: reason, variant: 'destructive' });
      return reason;
    },
    [t, toast, title],
  );
}
