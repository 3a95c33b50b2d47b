import { X } from 'lucide-react';
import styled from 'styled-components';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/Select';
import { FLAG_FILTERS, hasFilters, SIGN_IN_RANGES, type FlagFilter, type UserFilters } from './filters';

/** As many columns as fit, one on phones; the search takes a row of its own on narrow screens. */
const Bar = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 140px), 1fr));
  align-items: end;
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const SearchSlot = styled.div`
  grid-column: 1 / -1;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-column: span 2;
  }
`;

/** On a row of its own, so that its label never squeezes into a filter's column. */
const ClearButton = styled(Button)`
  grid-column: 1 / -1;
  justify-self: start;
  white-space: nowrap;
  svg {
    flex: none;
  }
`;

/** The search box and the filters of the user list. */
export function UserFilterBar({
  filters,
  search,
  onSearch,
  onFilter,
  onClear,
}: {
  filters: UserFilters;
  search: string;
  onSearch(value: string): void;
  onFilter(name: FlagFilter | 'signed_in', value: string | undefined): void;
  onClear(): void;
}) {
  const t = useT();
  return (
    <Bar role="search" aria-label={t('projectUsers.filter.label')}>
      <SearchSlot>
        <TextField
          label={t('projectUsers.filter.search')}
          type="search"
          placeholder={t('projectUsers.filter.searchPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
        />
      </SearchSlot>
      {FLAG_FILTERS.map((flag) => (
        <SelectField
          key={flag}
          label={t(`projectUsers.filter.${flag}`)}
          placeholder={t('projectUsers.filter.any')}
          value={filters[flag] ?? ''}
          options={[
            { value: 'true', label: t(`projectUsers.filter.${flag}.true`) },
            { value: 'false', label: t(`projectUsers.filter.${flag}.false`) },
          ]}
          onChange={(event) => onFilter(flag, event.target.value || undefined)}
        />
      ))}
      <SelectField
        label={t('projectUsers.filter.signedIn')}
        placeholder={t('projectUsers.filter.any')}
        value={filters.signed_in ?? ''}
        options={SIGN_IN_RANGES.map((range) => ({
          value: range,
          label: t(`projectUsers.filter.signedIn.${range}`),
        }))}
        onChange={(event) => onFilter('signed_in', event.target.value || undefined)}
      />
      {hasFilters(filters) ? (
        <ClearButton type="button" $variant="ghost" onClick={onClear}>
          <X aria-hidden="true" size={16} />
          {t('projectUsers.filter.clear')}
        </ClearButton>
      ) : null}
    </Bar>
  );
}
