import {
  ACTIVITY_SOURCES,
  RESOURCE_TYPES,
  type ActivitySource,
  type ResourceType,
} from '@iam-platform/common';
import type { ApiSchemas } from '../../api/client';

type ActivityLog = ApiSchemas['ActivityLog'];

/** SPEC §9: the log screens' periods, newest 500 entries per fetch, the installation filter's first 10. */
export const LOG_PERIODS = ['1d', '7d', '30d', 'all'] as const;
export type LogPeriod = (typeof LOG_PERIODS)[number];
export const DEFAULT_LOG_PERIOD: LogPeriod = '7d';
export const LOG_FETCH_LIMIT = 500;
export const INSTALLATION_FILTER_LIMIT = 10;

export const USER_TYPES = ['registered', 'anonymous'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * Who wrote an entry: the platform, an SDK with only the public application id (not verified), or a
 * team member's dashboard session (its requests, hidden unless asked for).
 */
export { ACTIVITY_SOURCES, type ActivitySource };
ACTIVITY_SOURCES satisfies readonly ActivityLog['source'][];

/** Every resource type the API knows (the system logs filter offers all of them). */
export { RESOURCE_TYPES, type ResourceType };
// The API's type (generated from the server's OpenAPI document) names the same types.
RESOURCE_TYPES satisfies readonly ActivityLog['resource_type'][];
/** SPEC §2 application logs: resource type all, api, application or component. */
export const APPLICATION_RESOURCE_TYPES = [
  'api',
  'application',
  'component',
] as const satisfies ResourceType[];

/** What a log screen filters by; empty strings and undefined mean "all". */
export interface LogFilters {
  search?: string;
  action?: string;
  resourceType?: ResourceType;
  userType?: UserType;
  source?: ActivitySource;
  installationId?: string;
  period: LogPeriod;
  projectId?: string;
  applicationId?: string;
}

/** The filters as GET /api/v1/activity-logs and its export take them (nothing empty is sent). */
export function filterQuery(filters: LogFilters) {
  const search = filters.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.action?.trim() ? { action: filters.action.trim() } : {}),
    ...(filters.resourceType ? { resource_type: filters.resourceType } : {}),
    ...(filters.userType ? { user_type: filters.userType } : {}),
    ...(filters.source ? { source: filters.source } : {}),
    // The API leaves team members' dashboard requests out unless asked for them.
    ...(filters.source === 'dashboard' ? { include_dashboard: 'true' as const } : {}),
    ...(filters.installationId ? { installation_id: filters.installationId } : {}),
    ...(filters.projectId ? { project_id: filters.projectId } : {}),
    ...(filters.applicationId ? { application_id: filters.applicationId } : {}),
    // The API's default is everything; say so only where the screen means a window.
    ...(filters.period === 'all' ? {} : { period: filters.period }),
  };
}

/** The list request: the filters, the newest 500 entries and the number of all matching ones. */
export function listQuery(filters: LogFilters, limit = LOG_FETCH_LIMIT) {
  return { ...filterQuery(filters), limit, include_total: 'true' as const };
}

/** The CSV export of everything the filters match (not only the 500 shown). */
export function exportQuery(filters: LogFilters) {
  return { ...filterQuery(filters), format: 'csv' as const };
}

export type AnalyticsPeriod = '24h' | '7d' | '30d' | '90d';

/**
 * The analytics period closest to a log period: the summary keeps 24h, 7d, 30d and 90d, so
 * "all" shows the longest window it has (90 days; raw logs are kept that long by default too).
 */
export function analyticsPeriodOf(period: LogPeriod): AnalyticsPeriod {
  return period === '1d' ? '24h' : period === 'all' ? '90d' : period;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** The filters kept in the address (so a reload, the back button and a shared link keep them). */
export function filtersFromSearch(params: URLSearchParams): Omit<LogFilters, 'projectId' | 'applicationId'> {
  return {
    search: params.get('q') ?? undefined,
    action: params.get('action') ?? undefined,
    resourceType: oneOf(RESOURCE_TYPES, params.get('type')),
    userType: oneOf(USER_TYPES, params.get('user')),
    source: oneOf(ACTIVITY_SOURCES, params.get('source')),
    installationId: params.get('installation') ?? undefined,
    period: oneOf(LOG_PERIODS, params.get('period')) ?? DEFAULT_LOG_PERIOD,
  };
}

const SEARCH_NAMES = {
  search: 'q',
  action: 'action',
  resourceType: 'type',
  userType: 'user',
  source: 'source',
  installationId: 'installation',
  period: 'period',
} as const;
export type FilterName = keyof typeof SEARCH_NAMES;

/** `params` with one filter changed; a default or empty value leaves the address. */
export function withFilter(
  params: URLSearchParams,
  name: FilterName,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const key = SEARCH_NAMES[name];
  if (!value || (name === 'period' && value === DEFAULT_LOG_PERIOD)) next.delete(key);
  else next.set(key, value);
  return next;
}

/** SPEC §9: an API call is a log with resource type api or an endpoint; success is a status below 400. */
export function isApiCall(log: Pick<ActivityLog, 'resource_type' | 'endpoint'>): boolean {
  return log.resource_type === 'api' || Boolean(log.endpoint);
}

export type BadgeVariant = 'default' | 'secondary' | 'destructive';

/** SPEC §9 application logs: below 300 default, below 400 secondary, otherwise destructive. */
export function applicationStatusVariant(status: number): BadgeVariant {
  if (status < 300) return 'default';
  if (status < 400) return 'secondary';
  return 'destructive';
}

/**
 * SPEC §9 system logs: 2xx default, 4xx/5xx destructive. The SPEC names no colour for 1xx and
 * 3xx (redirects); they get secondary, as on the application logs.
 */
export function systemStatusVariant(status: number): BadgeVariant {
  if (status >= 200 && status < 300) return 'default';
  if (status >= 400) return 'destructive';
  return 'secondary';
}

/** SPEC §9 function success rate: 95 % or more default, 90 % or more secondary, below destructive. */
export function successRateVariant(rate: number): BadgeVariant {
  if (rate >= 95) return 'default';
  if (rate >= 90) return 'secondary';
  return 'destructive';
}
