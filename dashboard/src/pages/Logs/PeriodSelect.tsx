import { useT } from '../../i18n/useT';
import { SelectField } from '../../ui/Select';
import { LOG_PERIODS, type LogPeriod } from './logFilters';

/** SPEC §9's log periods: 1d, 7d, 30d, all. */
export function PeriodSelect({ value, onChange }: { value: LogPeriod; onChange(period: LogPeriod): void }) {
  const t = useT();
  return (
    <SelectField
      label={t('logs.filter.period')}
      value={value}
      options={LOG_PERIODS.map((period) => ({ value: period, label: t(`logs.period.${period}`) }))}
      onChange={(event) => onChange(event.target.value as LogPeriod)}
    />
  );
}
