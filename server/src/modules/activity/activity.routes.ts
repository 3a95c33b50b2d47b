import { pipeline } from 'node:stream/promises';
import type { Connection, Types } from 'mongoose';
import type { ApiRouter } from '../../lib/api-router.js';
import { z } from '../../lib/openapi.js';
import { createRateLimiter } from '../../lib/rate-limit/index.js';
import { authOf } from '../../core/auth-context.js';
import { EXPORT_CONTENT_TYPES, exportFileName, exportFormatter } from './activity.export.js';
import { activityFilterFor, type ActivityScopeDeps } from './activity.filter.js';
import type { ActivityLog } from './activity.model.js';
import type { ActivityLogService } from './activity.service.js';
import {
  ActivityExportQuerySchema,
  EXPORT_RATE_LIMIT,
  ActivityLogListSchema,
  ActivityQuerySchema,
} from './activity.schemas.js';

function view(entry: ActivityLog) {
  const id = (value: Types.ObjectId | null) => (value ? String(value) : null);
  return {
    ...entry,
    _id: undefined,
    __v: undefined,
    id: String(entry._id),
    created_at: entry.created_at.toISOString(),
    user_id: id(entry.user_id),
    organization_id: id(entry.organization_id),
    project_id: id(entry.project_id),
    application_id: id(entry.application_id),
    source: entry.source === 'sdk' || entry.source === 'dashboard' ? entry.source : ('platform' as const),
  };
}

export function registerActivityRoutes(
  api: ApiRouter,
  deps: ActivityScopeDeps & { activity: ActivityLogService; connection: Connection },
): void {
  api.route(
    {
      method: 'get',
      permission: 'log:read',
      path: '/activity-logs',
      summary: "Audit trail of the caller's organizations",
      description:
        "Entries of the organizations where the caller is an active member, plus the caller's own account events; newest first. With application_id: that application's entries, including what its SDK sent (404 for another tenant's application).",
      tags: ['Activity'],
      authenticated: true,
      tokenScope: 'analytics',
      query: ActivityQuerySchema,
      responses: {
        200: { description: 'Entries', schema: ActivityLogListSchema },
        404: { description: 'Organization or application not among the caller’s' },
      },
    },
    async (req, res) => {
      const query = req.valid.query;
      const filter = await activityFilterFor(deps, authOf(req), query);
      const [page, total] = await Promise.all([
        deps.activity.page(filter, query),
        query.include_total ? deps.activity.count(filter, Boolean(query.search)) : undefined,
      ]);
      res.json({ data: page.data.map(view), next_cursor: page.next_cursor, ...total });
    },
  );

  // An export reads every matching row: a few per minute are what a person clicks, more is a script
  // keeping the database busy. Counted per account across processes.
  const exportsPerUser = createRateLimiter({
    connection: deps.connection,
    name: 'activity-export-user',
    windowS: EXPORT_RATE_LIMIT.windowS,
    limit: EXPORT_RATE_LIMIT.limit,
    key: (req) => req.auth?.userId,
    message: `At most ${EXPORT_RATE_LIMIT.limit} exports per minute. Please wait a moment.`,
  });

  api.route(
    {
      method: 'get',
      permission: 'log:read',
      path: '/activity-logs/export',
      summary: 'Export the audit trail (CSV or NDJSON)',
      description:
        "Every entry that GET /activity-logs would list with the same filters (not only 500), newest first, streamed as a download: CSV (UTF-8 with BOM, a header row, metadata as JSON, cells that a spreadsheet would run as a formula prefixed with ') or NDJSON (one entry as JSON a line). Same scoping as the list: 404 for another tenant's organization or application.",
      tags: ['Activity'],
      authenticated: true,
      tokenScope: 'analytics',
      query: ActivityExportQuerySchema,
      responses: {
        200: {
          description: 'The entries, as an attachment',
          schema: z.string().openapi({ description: 'CSV with a header row, or one JSON entry a line.' }),
          mediaTypes: ['text/csv', 'application/x-ndjson'],
        },
        404: { description: 'Organization or application not among the caller’s' },
        429: { description: `More than ${EXPORT_RATE_LIMIT.limit} exports a minute` },
      },
    },
    exportsPerUser,
    async (req, res) => {
      const { format, ...query } = req.valid.query;
      const filter = await activityFilterFor(deps, authOf(req), query);
      res.status(200);
      res.attachment(exportFileName(format)); // sets a type from the extension: replaced next
      res.type(EXPORT_CONTENT_TYPES[format]);
      // Rows are read page by page as the client takes them; an error after the first byte can only
      // cut the download short (pipeline destroys the response), which the client sees as incomplete.
      try {
        await pipeline(deps.activity.rows(filter, view), exportFormatter(format), res);
      } catch (error) {
        // The client went away mid-download: nobody is left to answer and nothing failed here.
        if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
        throw error;
      }
    },
  );
}
