import type { ApiRouter } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import { retentionRows, sendCsv } from './pa.csv.js';
import {
  FunnelQuerySchema,
  FunnelSchema,
  LifecycleQuerySchema,
  LifecycleSchema,
  PagesQuerySchema,
  PagesSchema,
  RetentionQuerySchema,
  RetentionSchema,
  StickinessQuerySchema,
  StickinessSchema,
} from './pa.schemas.js';
import type { ProductAnalyticsService } from './pa.service.js';

const ACCESS =
  'application_id or project_id (one is required). Organization members whose role has analytics:read; another tenant’s id answers 404 like one that does not exist; an API token (analytics scope) reads its own application and project only. Team members’ dashboard requests are never counted (docs/analytics.md). format=csv: the table as a CSV download.';
const common = {
  permission: 'analytics:read' as const,
  tags: ['Analytics'],
  authenticated: true,
  tokenScope: 'analytics' as const,
};
const errors = {
  400: { description: 'A parameter is invalid (validation_failed names it)' },
  404: { description: 'Project or application not among the caller’s' },
};
const mediaTypes = ['application/json', 'text/csv'];

export function registerProductAnalyticsRoutes(api: ApiRouter, service: ProductAnalyticsService): void {
  api.route(
    {
      ...common,
      method: 'get',
      path: '/analytics/pages',
      summary: 'Page views: top pages, referrers, entry and exit pages, sessions, duration, bounce rate',
      description: `From the SDK's page_view entries in [from, to) (default the last 30 days). A session is one installation's page views without a gap of more than 30 minutes. ${ACCESS}`,
      query: PagesQuerySchema,
      responses: { 200: { description: 'Page views', schema: PagesSchema, mediaTypes }, ...errors },
    },
    async (req, res) => {
      const query = req.valid.query;
      const result = await service.pages(authOf(req), query);
      if (query.format === 'csv') return sendCsv(res, query.table.replace('_', '-'), result[query.table]);
      res.json(result);
    },
  );

  api.route(
    {
      ...common,
      method: 'get',
      path: '/analytics/funnel',
      summary: 'A funnel: ordered event steps within a conversion window',
      description: `Visitors (installations) whose first step happened in [from, to) (default the last 30 days), and how many did each next step in order within the window: conversion, drop-off, median time between steps, anonymous vs registered. ${ACCESS}`,
      query: FunnelQuerySchema,
      responses: { 200: { description: 'The funnel', schema: FunnelSchema, mediaTypes }, ...errors },
    },
    async (req, res) => {
      const query = req.valid.query;
      const result = await service.funnel(authOf(req), query);
      if (query.format === 'csv') return sendCsv(res, 'funnel', result.steps);
      res.json(result);
    },
  );

  api.route(
    {
      ...common,
      method: 'get',
      path: '/analytics/retention',
      summary: 'Retention: cohorts by first-seen or sign-up period and who came back',
      description: `A grid of \`periods\` cohorts; returned[k] counts the cohort's members active k periods after it (returned[0] = size). From the daily activity bitmaps. ${ACCESS}`,
      query: RetentionQuerySchema,
      responses: {
        200: { description: 'The retention grid', schema: RetentionSchema, mediaTypes },
        ...errors,
      },
    },
    async (req, res) => {
      const query = req.valid.query;
      const result = await service.retention(authOf(req), query);
      if (query.format === 'csv') {
        const { rows, columns } = retentionRows(result);
        return sendCsv(res, 'retention', rows, columns);
      }
      res.json(result);
    },
  );

  api.route(
    {
      ...common,
      method: 'get',
      path: '/analytics/stickiness',
      summary: 'Stickiness: DAU, WAU, MAU and DAU ÷ MAU',
      description: `Distinct active on the day, the 7 and the 30 days ending with it (UTC). ${ACCESS}`,
      query: StickinessQuerySchema,
      responses: { 200: { description: 'Stickiness', schema: StickinessSchema, mediaTypes }, ...errors },
    },
    async (req, res) => {
      const query = req.valid.query;
      const result = await service.stickiness(authOf(req), query);
      if (query.format === 'csv') return sendCsv(res, 'stickiness', [result]);
      res.json(result);
    },
  );

  api.route(
    {
      ...common,
      method: 'get',
      path: '/analytics/lifecycle',
      summary: 'Lifecycle: new, returning, resurrecting and dormant per period',
      description: `new: first seen in the period; returning: active in it and the one before; resurrecting: active, not in the one before, seen earlier; dormant: active the period before, not in this one. ${ACCESS}`,
      query: LifecycleQuerySchema,
      responses: { 200: { description: 'Lifecycle', schema: LifecycleSchema, mediaTypes }, ...errors },
    },
    async (req, res) => {
      const query = req.valid.query;
      const result = await service.lifecycle(authOf(req), query);
      if (query.format === 'csv') return sendCsv(res, 'lifecycle', result.periods);
      res.json(result);
    },
  );
}
