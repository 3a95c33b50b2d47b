import { Download, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { SelectField } from '../../ui/Select';
import { useResourceLabel } from './format';
import { ACTIVITY_SOURCES, type ActivitySource, type LogFilters, type ResourceType } from './logFilters';
import { useLogExport, useRefreshLogs } from './queries';

/** The filters of a log screen: as many columns as fit, one on phones. */
export const FilterBar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 180px), 1fr));
  align-items: end;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** The search field takes two columns where there are several. */
const SearchSlot = styled.div`
  grid-column: 1 / -1;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-column: span 2;
  }
`;

/** The free-text search of a log screen. */
export function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  return (
    <SearchSlot>
      <TextField
        label={t('logs.filter.search')}
        type="search"
        placeholder={t('logs.filter.searchPlaceholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </SearchSlot>
  );
}

/** The resource-type filter, offering `types` (all, or those of an application's screen). */
export function ResourceTypeSelect({
  types,
  value,
  onChange,
}: {
  types: readonly ResourceType[];
  value: ResourceType | undefined;
  onChange: (value: ResourceType | undefined) => void;
}) {
  const t = useT();
  const resourceLabel = useResourceLabel();
  return (
    <SelectField
      label={t('logs.filter.resourceType')}
      placeholder={t('logs.filter.allResourceTypes')}
      value={value ?? ''}
      options={types.map((type) => ({ value: type, label: resourceLabel({ resource_type: type }) }))}
      onChange={(event) => onChange((event.target.value as ResourceType) || undefined)}
    />
  );
}

/** Who wrote the entries: the platform, or an SDK (whose entries anyone with the application id can send). */
export function SourceSelect({
  value,
  onChange,
}: {
  value: ActivitySource | undefined;
  onChange: (value: ActivitySource | undefined) => void;
}) {
  const t = useT();
  return (
    <SelectField
      label={t('logs.filter.source')}
      placeholder={t('logs.filter.allSources')}
      value={value ?? ''}
      options={ACTIVITY_SOURCES.map((source) => ({
        value: source,
        // Team members' own dashboard requests are hidden unless asked for (docs/analytics.md).
        label: t(source === 'dashboard' ? 'logs.filter.source.dashboard' : `logs.source.option.${source}`),
      }))}
      onChange={(event) => onChange((event.target.value as ActivitySource) || undefined)}
    />
  );
}

/** The header actions of a log screen: refresh, and the CSV export of what the filters match. */
export function LogActions({ filters }: { filters: LogFilters }) {
  return (
    <>
      <RefreshButton />
      <ExportButton filters={filters} />
    </>
  );
}

/** Reads every list and figure of the screen again; says so while it does. */
export function RefreshButton() {
  const t = useT();
  const refresh = useRefreshLogs();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      $variant="secondary"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void refresh().finally(() => setBusy(false));
      }}
    >
      <RefreshCw aria-hidden="true" size={16} />
      {busy ? t('logs.refreshing') : t('logs.refresh')}
    </Button>
  );
}

/** Downloads everything the current filters match as CSV. */
export function ExportButton({ filters }: { filters: LogFilters }) {
  const t = useT();
  const exporter = useLogExport(filters);
  return (
    <Button
      type="button"
      $variant="secondary"
      title={t('logs.export.hint')}
      disabled={exporter.pending}
      onClick={exporter.start}
    >
      <Download aria-hidden="true" size={16} />
      {exporter.pending ? t('logs.export.pending') : t('logs.export')}
    </Button>
  );
}
