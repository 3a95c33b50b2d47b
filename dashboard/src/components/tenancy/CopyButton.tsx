import { Check, Copy } from 'lucide-react';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { useCopyToClipboard } from '../../ui/useCopyToClipboard';

/** Copies `value` to the clipboard and confirms with a toast ("Kopiert" / SPEC §8 "Failed to copy"). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  const { copy, copied } = useCopyToClipboard({
    copied: t('tenancy.copied'),
    failed: t('tenancy.copyFailed'),
  });
  return (
    <Button type="button" $variant="secondary" onClick={() => void copy(value)} aria-label={label}>
      {copied ? <Check aria-hidden="true" size={16} /> : <Copy aria-hidden="true" size={16} />}
      {t('tenancy.copy')}
    </Button>
  );
}
