import type { ReactNode } from 'react';
import { useT } from '../../../i18n/useT';
import { SelectField } from '../../../ui/Select';
import { ControlBar } from './ScopeBar';
import { useUrlState } from './urlState';

export const PERIOD_UNITS = ['day', 'week', 'month'] as const;
export const COUNT_UNITS = ['users', 'installations'] as const;

/** A view's options above its report: a search form whose fields change the address (nothing is sent). */
export function ViewOptions({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ControlBar as="form" role="search" aria-label={label} onSubmit={(event) => event.preventDefault()}>
      {children}
    </ControlBar>
  );
}

/** Day, week or month per row; the default (week) leaves the address. */
export function PeriodField({ value }: { value: string }) {
  const t = useT();
  const [, set] = useUrlState();
  return (
    <SelectField
      label={t('product.period')}
      name="period"
      value={value}
      options={PERIOD_UNITS.map((unit) => ({ value: unit, label: t(`product.period.${unit}`) }))}
      onChange={(event) => set({ period: event.target.value === 'week' ? null : event.target.value })}
    />
  );
}

/** Counting users or installations; the default (users) leaves the address. */
export function UnitField({ value }: { value: string }) {
  const t = useT();
  const [, set] = useUrlState();
  return (
    <SelectField
      label={t('product.unit')}
      name="unit"
      value={value}
      options={COUNT_UNITS.map((unit) => ({ value: unit, label: t(`product.unit.${unit}`) }))}
      onChange={(event) => set({ unit: event.target.value === 'users' ? null : event.target.value })}
    />
  );
}
