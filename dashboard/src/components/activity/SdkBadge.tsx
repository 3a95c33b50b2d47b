import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';

/**
 * Marks an activity entry an SDK sent (POST /api/v1/activity needs only the public application
 * id), so it is never read as the platform's own audit trail. Nothing for the platform's entries.
 */
export function SdkBadge({ source }: { source: 'platform' | 'sdk' | 'dashboard' }) {
  const t = useT();
  if (source !== 'sdk') return null;
  return (
    <Badge $tone="warning" title={t('logs.source.sdkHint')} data-testid="sdk-badge">
      {t('logs.source.sdk')}
    </Badge>
  );
}
