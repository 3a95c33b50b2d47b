import { useT } from '../../i18n/useT';
import { Badge } from '../../ui/Badge';
import type { AlertRule } from './queries';

const TONES = { ok: 'success', firing: 'warning', resolved: 'info' } as const;

/** The rule's state (OK, Ausgelöst, Behoben) and whether its notifications are held. */
export function StateBadges({ rule }: { rule: Pick<AlertRule, 'state' | 'muted'> }) {
  const t = useT();
  return (
    <>
      <Badge $tone={TONES[rule.state]} data-testid="alert-state">
        {t(`alerts.state.${rule.state}`)}
      </Badge>
      {rule.muted ? <Badge $tone="muted">{t('alerts.mutedBadge')}</Badge> : null}
    </>
  );
}
