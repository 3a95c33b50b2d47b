import { useEffect } from 'react';
import { describeError } from '../../api/errors';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { useToast } from '../../ui/useToast';

/**
 * SPEC §8: a failed load shows a destructive toast titled for the screen, described by the
 * server's message. Each distinct error object is reported once.
 */
export function useErrorToast(error: unknown, title: MessageKey): void {
  const t = useT();
  const toast = useToast();
  useEffect(() => {
    if (!error) return;
    toast({ title: t(title), description: describeError(error, t), variant: 'destructive' });
  }, [error, t, title, toast]);
}

/** A callback raising the SPEC §8 failure toast for a mutation. */
export function useFailureToast(): (title: MessageKey, error: unknown) => void {
  const t = useT();
  const toast = useToast();
  return (title, error) =>
    toast({ title: t(title), description: describeError(error, t), variant: 'destructive' });
}
