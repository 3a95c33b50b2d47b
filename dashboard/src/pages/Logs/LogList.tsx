import { FileSearch } from 'lucide-react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Skeletons } from '../../ui/Skeleton';
import { useFormatNumber } from './format';
import type { BadgeVariant } from './logFilters';
import { LogTable, type LogColumn } from './LogTable';
import type { useActivityLogs } from './queries';

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Count = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

/** What a list shows while loading, after a failure, empty, or as a table with its count. */
export function LogList({
  logs,
  columns,
  label,
  statusVariant,
  filtered,
}: {
  logs: ReturnType<typeof useActivityLogs>;
  columns: readonly LogColumn[];
  label: string;
  statusVariant: (status: number) => BadgeVariant;
  /** Whether filters narrow the list (the empty state then says so). */
  filtered: boolean;
}) {
  const t = useT();
  const { number } = useFormatNumber();
  if (logs.isPending) return <Skeletons count={4} height={40} label={t('common.loading')} />;
  if (logs.isError)
    return (
      <Stack>
        <Alert tone="error">
          {t('logs.loadFailed')}: {describeError(logs.error, t)}
        </Alert>
        <div>
          <Button type="button" $variant="secondary" onClick={() => void logs.refetch()}>
            {t('logs.retry')}
          </Button>
        </div>
      </Stack>
    );
  const page = logs.data;
  if (page.data.length === 0)
    return (
      <EmptyState
        headingLevel={3}
        icon={<FileSearch aria-hidden="true" size={32} />}
        title={t('logs.empty.title')}
        text={filtered ? t('logs.empty.filtered') : t('logs.empty.text')}
      />
    );
  const shown = number(page.data.length);
  return (
    <Stack>
      <Count role="status" data-testid="log-count">
        {page.total === undefined
          ? t('logs.showingCount', { shown })
          : t(page.total_capped ? 'logs.showingOfAtLeast' : 'logs.showingOf', {
              shown,
              total: number(page.total),
            })}
      </Count>
      <LogTable logs={page.data} columns={columns} label={label} statusVariant={statusVariant} />
    </Stack>
  );
}
