import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { saveDownload } from '../../layout/ExportDataButton';
import { useToast } from '../../ui/useToast';
import { exportQuery, listQuery, type AnalyticsPeriod, type LogFilters } from './logFilters';

export type ActivityLog = ApiSchemas['ActivityLog'];
export type FunctionStatistics = ApiSchemas['FunctionStatistics'];

/**
 * Query keys of the log screens. The refresh button invalidates all three roots, so every list,
 * card and table of the screen is read again.
 */
export const logKeys = {
  activity: ['activity-logs'] as const,
  list: (query: ReturnType<typeof listQuery>) => ['activity-logs', 'list', query] as const,
  analytics: ['analytics'] as const,
  functions: (scope: AnalyticsScope) => ['analytics', 'functions', scope] as const,
  tracking: ['tracking'] as const,
};

export interface AnalyticsScope {
  period: AnalyticsPeriod;
  project_id?: string;
  application_id?: string;
}

/** The newest 500 entries the filters match, with the number of all of them. */
export function useActivityLogs(
  filters: LogFilters,
  { limit, refetchInterval }: { limit?: number; refetchInterval?: number } = {},
) {
  const query = listQuery(filters, limit);
  return useQuery({
    queryKey: logKeys.list(query),
    // A changed filter keeps the old rows on screen until the new ones are there.
    placeholderData: keepPreviousData,
    refetchInterval,
    queryFn: async () => unwrap(await api.GET('/api/v1/activity-logs', { params: { query } })),
  });
}

/** GET /api/v1/analytics/functions: the function statistics (of everything the caller sees, or one scope). */
export function useFunctionStatistics(
  scope: AnalyticsScope,
  { refetchInterval }: { refetchInterval?: number } = {},
) {
  return useQuery({
    queryKey: logKeys.functions(scope),
    placeholderData: keepPreviousData,
    refetchInterval,
    queryFn: async () => unwrap(await api.GET('/api/v1/analytics/functions', { params: { query: scope } })),
  });
}

/** Reads every list, card and table of a log screen again. */
export function useRefreshLogs(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(
      [logKeys.activity, logKeys.analytics, logKeys.tracking].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  }, [queryClient]);
}

/**
 * Downloads the CSV export of what the filters match. The API wants the session's bearer
 * token, which a plain link cannot send, so the file is fetched and saved from memory.
 */
export function useLogExport(filters: LogFilters) {
  const t = useT();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: async () => {
      const result = await api.GET('/api/v1/activity-logs/export', {
        params: { query: exportQuery(filters) },
        parseAs: 'blob',
      });
      saveDownload(result, 'activity-logs.csv');
    },
    onError: (error) =>
      toast({ title: t('logs.export.failed'), description: describeError(error, t), variant: 'destructive' }),
  });
  return { start: () => mutation.mutate(), pending: mutation.isPending };
}
