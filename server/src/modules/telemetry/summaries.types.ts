import type { z } from '../../lib/openapi.js';
import type {
  AnalyticsPeriod,
  AnalyticsSummarySchema,
  FunctionStatisticsSchema,
} from './summaries.schemas.js';

export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;
export type FunctionStatistics = z.infer<typeof FunctionStatisticsSchema>;

/** Who asks: a dashboard session, or an API token bound to one application (and its organization). */
export interface AnalyticsCaller {
  userId: string;
  via: 'session' | 'application_session' | 'api_token';
  applicationId: string | null;
  organizationId: string | null;
}

export interface AnalyticsQuery {
  period: AnalyticsPeriod;
  organization_id?: string;
  project_id?: string;
  application_id?: string;
}

export interface AnalyticsService {
  summary(caller: AnalyticsCaller, query: AnalyticsQuery): Promise<AnalyticsSummary>;
  functions(caller: AnalyticsCaller, query: AnalyticsQuery): Promise<FunctionStatistics>;
}
