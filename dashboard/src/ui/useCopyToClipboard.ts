import { useCallback, useState } from 'react';
import { useToast } from './useToast';

/**
 * Copies text to the clipboard and reports the outcome as a toast — the one copy behaviour of
 * every copy button. The toast titles come from the caller (ui/ knows no catalog). `copied`
 * stays true after a success so the button can show a check mark.
 */
export function useCopyToClipboard(messages: { copied: string; failed: string }): {
  copy(value: string): Promise<void>;
  copied: boolean;
} {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const { copied: copiedTitle, failed: failedTitle } = messages;
  const copy = useCallback(
    async (value: string) => {
      try {
        await navigator.clipboard.writeText(value);
        setCopied(true);
        toast({ title: copiedTitle, variant: 'success' });
      } catch {
        // No clipboard permission, an insecure context or an unfocused page (SPEC §8).
        toast({ title: failedTitle, variant: 'destructive' });
      }
    },
    [toast, copiedTitle, failedTitle],
  );
  return { copy, copied };
}
