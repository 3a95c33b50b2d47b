import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/useToast';

/** Copies `value` to the clipboard and confirms with a toast ("Kopiert" / SPEC §8 "Failed to copy"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: t('tenancy.copied'), variant: 'success' });
    } catch {
      toast({ title: t('tenancy.copyFailed'), variant: 'destructive' });
    }
  };
  return (
    <Button type="button" $variant="secondary" onClick={copy} aria-label={label}>
      {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
      {t('tenancy.copy')}
    </Button>
  );
}
