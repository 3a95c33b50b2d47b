import { Languages } from 'lucide-react';
import { useState } from 'react';
import type { Locale } from '../i18n/messages';
import { useT } from '../i18n/useT';
import { useUiStore } from '../stores/ui';
import { Button } from '../ui/Button';
import { useToast } from '../ui/useToast';

/**
 * "English" / "Deutsch": switches the UI language. Its label is in the language it switches to
 * (with `lang` set, so screen readers pronounce it right). The English catalog is a chunk of its
 * own, so the first switch may take a moment — or fail when offline, which a toast says.
 */
export function LocaleSwitch({
  block = false,
  onSwitched,
}: {
  block?: boolean;
  /** Told the chosen locale once it is on screen (the hosted pages remember the choice). */
  onSwitched?(locale: Locale): void;
}) {
  const t = useT();
  const locale = useUiStore((state) => state.locale);
  const setLocale = useUiStore((state) => state.setLocale);
  const toast = useToast();
  const [switching, setSwitching] = useState(false);
  const other = locale === 'de' ? 'en' : 'de';

  const switchLocale = () => {
    if (switching) return;
    setSwitching(true);
    setLocale(other)
      .then(() => onSwitched?.(other))
      .catch(() => toast({ title: t('locale.loadFailed'), variant: 'destructive' }))
      .finally(() => setSwitching(false));
  };

  return (
    <Button
      type="button"
      $variant="ghost"
      $block={block}
      lang={other}
      aria-busy={switching}
      onClick={switchLocale}
    >
      <Languages aria-hidden="true" size={16} />
      {t('locale.switch')}
    </Button>
  );
}
