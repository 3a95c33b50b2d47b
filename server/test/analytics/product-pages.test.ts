import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer } from '../auth/helpers.js';
import {
  createTrackedTenant,
  createTrackingContext,
  newId,
  type TrackedTenant,
} from '../tracking/helpers.js';
import { activityLogModel } from '../../src/modules/activity/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const SITE = 'https://shop.example.com';

/**
 * GET /api/v1/analytics/pages (issue #35) on page views as the SDK logs them (activity entries
 * `page_view` with url, path and referrer), seeded with their times: sessions cut at 30 minutes
 * without a view, bounce rate, entry and exit pages, referrers — exact numbers.
 */
describe('product analytics: GET /api/v1/analytics/pages on seeded page views', () => {
  let ctx: TestContext;
  let alice: TrackedTenant;
  let p0: number;

  const pages = (query: Record<string, string> = {}) =>
    ctx.request
      .get('/api/v1/analytics/pages')
      .query({
        application_id: alice.applicationId,
        from: new Date(p0).toISOString(),
        to: new Date(p0 + DAY).toISOString(),
        ...query,
      })
      .set(bearer(alice.user.access_token));

  before(async () => {
    ctx = await createTrackingContext();
    alice = await createTrackedTenant(ctx, 'pages-alice');
    p0 = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
    const [v1, v2, v3] = [newId('inst_'), newId('inst_'), newId('inst_')];
    const view = (installation: string, offset: number, path: string, referrer?: string) => ({
      action: 'page_view',
      resource_type: 'other',
      metadata: {
        url: `${SITE}${path}`,
        path,
        title: path,
        ...(referrer ? { referrer } : {}),
        trigger: 'load',
      },
      installation_id: installation,
      application_id: new Types.ObjectId(alice.applicationId),
      project_id: new Types.ObjectId(alice.projectId),
      organization_id: new Types.ObjectId(alice.organizationId),
      source: 'sdk',
      created_at: new Date(p0 + offset),
    });
    await activityLogModel(ctx.database.connection).insertMany([
      // v1, session 1: three pages in 10 minutes, from a search engine.
      view(v1, 0, '/', 'https://www.google.com/search?q=shop'),
      view(v1, 5 * MINUTE, '/pricing', `${SITE}/`),
      view(v1, 10 * MINUTE, '/signup', `${SITE}/pricing`),
      // v1, session 2 (more than 30 minutes later): one page, referred by the site itself → direct.
      view(v1, 2 * HOUR, '/pricing', `${SITE}/signup`),
      // v2: two pages 20 minutes apart — one session, typed in.
      view(v2, 1 * HOUR, '/'),
      view(v2, 1 * HOUR + 20 * MINUTE, '/docs', `${SITE}/`),
      // v3: one page from a news site.
      view(v3, 3 * HOUR, '/pricing', 'https://news.ycombinator.com/item?id=1'),
      // Outside the range, and not a page view: neither counts.
      view(v3, -HOUR, '/old'),
      { ...view(v3, 4 * HOUR, '/x'), action: 'button_click' },
    ]);
  });
  after(() => ctx.close());

  it('answers top pages, referrers, entry and exit pages, sessions, duration and bounce rate', async () => {
    const body = (await pages().expect(200)).body;
    expect(body).to.deep.equal({
      from: new Date(p0).toISOString(),
      to: new Date(p0 + DAY).toISOString(),
      page_views: 7,
      visitors: 3,
      pages: [
        { path: '/pricing', views: 3, visitors: 2 },
        { path: '/', views: 2, visitors: 2 },
        { path: '/docs', views: 1, visitors: 1 },
        { path: '/signup', views: 1, visitors: 1 },
      ],
      referrers: [
        { referrer: '(direct)', sessions: 2, visitors: 2 },
        { referrer: 'news.ycombinator.com', sessions: 1, visitors: 1 },
        { referrer: 'www.google.com', sessions: 1, visitors: 1 },
      ],
      entry_pages: [
        { path: '/', sessions: 2 },
        { path: '/pricing', sessions: 2 },
      ],
      exit_pages: [
        { path: '/pricing', sessions: 2 },
        { path: '/docs', sessions: 1 },
        { path: '/signup', sessions: 1 },
      ],
      // v1: 10 min + 0; v2: 20 min; v3: 0 → 30 min over 4 sessions.
      sessions: 4,
      avg_session_duration_s: 450,
      bounce_rate: 50,
    });
  });

  it('exports each table as CSV, a formula-looking path as text', async () => {
    await activityLogModel(ctx.database.connection).create({
      action: 'page_view',
      resource_type: 'other',
      metadata: { path: '=HYPERLINK("x")' },
      installation_id: newId('inst_'),
      application_id: new Types.ObjectId(alice.applicationId),
      source: 'sdk',
      created_at: new Date(p0 + 5 * HOUR),
    });
    const csv = (await pages({ format: 'csv' }).expect(200)).text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv[0]).to.equal('path,views,visitors');
    expect(csv.slice(1, 3)).to.deep.equal(['/pricing,3,2', '/,2,2']);
    expect(csv).to.include(`"'=HYPERLINK(""x"")",1,1`);
    const referrers = (await pages({ format: 'csv', table: 'referrers' }).expect(200)).text;
    expect(referrers.replace(/^\uFEFF/, '').split('\n')[0]).to.equal('referrer,sessions,visitors');
  });
});
