/**
 * Precompiled response serialisers (issue #38, "Serialisation"; lib/response-serialisers.ts): the hot
 * routes' declared response schemas compile, their output equals JSON.stringify's for the routes'
 * fixtures (built by hand with the awkward values — dates, ObjectIds, nulls, missing optionals — and
 * taken from the routes' real answers), and fields the schema does not declare never leave the server.
 */
import { expect } from 'chai';
import express from 'express';
import { Types } from 'mongoose';
import supertest from 'supertest';
import type { ZodType } from 'zod';
import { SERIALISED_ROUTES } from '../../src/app.js';
import { ApiRouter } from '../../src/lib/api-router.js';
import { createApiRegistry, z } from '../../src/lib/openapi.js';
import {
  compileSerialiser,
  serialiseJsonResponses,
  type Serialise,
} from '../../src/lib/response-serialisers.js';
import { MeSchema, SessionTokensSchema, VerifyResponseSchema } from '../../src/modules/auth/auth.schemas.js';
import { HealthSchema } from '../../src/modules/health/health.schemas.js';
import { AuthorizeResponseSchema } from '../../src/modules/policies/policies.schemas.js';
import { ProjectListSchema } from '../../src/modules/projects/projects.schemas.js';
import { bearer, signedInUser } from '../auth/helpers.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { createApplication, createOrganization, createProject, createToken } from '../projects/helpers.js';

const user = {
  id: '0123456789abcdef01234567',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: new Date('2026-01-02T03:04:05.678Z'),
  last_login_at: null,
};
const decision = {
  allowed: false,
  reason: 'denied_by_policy',
  matched_policies: [{ id: 'p1', name: 'No "night" work', effect: 'deny', scope: 'project' }],
};

/** Each hot route's 2xx schema and bodies the way its handler builds them (key order as declared). */
const ROUTES: Record<string, { schema: ZodType; fixtures: unknown[] }> = {
  'GET /api/v1/health': {
    schema: HealthSchema,
    fixtures: [
      { status: 'ok', version: '1.2.3', uptime_s: 42, db: { status: 'up' } },
      {
        status: 'degraded',
        version: '1.2.3',
        uptime_s: 0,
        db: { status: 'degraded', reason: 'out_of_disk_space', message: 'disk "full" \u00e4\n' },
      },
    ],
  },
  'POST /api/v1/verify': {
    schema: VerifyResponseSchema,
    fixtures: [
      {
        user,
        organizations: [{ id: 'o1', name: 'Acme', slug: 'acme', role: 'admin' }],
        context: { authenticated_via: 'session', session_id: 's1', scopes: null, application_id: null },
      },
      {
        user: { ...user, id: new Types.ObjectId('0123456789abcdef01234567'), last_login_at: new Date(0) },
        organizations: [],
        context: { authenticated_via: 'api_token', session_id: null, scopes: ['read'], application_id: 'a1' },
      },
    ],
  },
  'GET /api/v1/auth/me': {
    schema: MeSchema,
    fixtures: [
      {
        ...user,
        is_admin: false,
        two_factor: { enabled: true, methods: ['totp'], recovery_codes_left: 8, required_by: [] },
        mfa_enrollment_required: false,
      },
    ],
  },
  'GET /api/v1/projects': {
    schema: ProjectListSchema,
    fixtures: [{ data: [], next_cursor: null }],
  },
  'POST /api/v1/authorize': {
    schema: AuthorizeResponseSchema,
    fixtures: [
      decision,
      { ...decision, allowed: true, matched_policies: [] },
      { results: [decision, decision] },
    ],
  },
  'POST /api/v1/auth/refresh': {
    schema: SessionTokensSchema,
    fixtures: [
      {
        success: true,
        access_token: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
        refresh_token: 'r-\u00e4"x',
        token_type: 'Bearer',
        expires_in: 900,
        expires_at: 1_800_000_000,
        user: { ...user, id: new Types.ObjectId('0123456789abcdef01234567'), last_login_at: new Date(0) },
      },
    ],
  },
};

function compiled(route: string): Serialise {
  const serialise = compileSerialiser(ROUTES[route]!.schema);
  expect(serialise, `${route}: its response schema is not compiled`).to.be.a('function');
  return serialise!;
}

describe('precompiled response serialisers', () => {
  it('covers every serialised route, and each compiles from its declared schema', () => {
    expect([...SERIALISED_ROUTES].sort()).to.deep.equal(Object.keys(ROUTES).sort());
    for (const route of SERIALISED_ROUTES) compiled(route);
  });

  it('writes exactly what JSON.stringify writes for each route’s fixtures', () => {
    for (const [route, { fixtures }] of Object.entries(ROUTES)) {
      const serialise = compiled(route);
      for (const fixture of fixtures) expect(serialise(fixture), route).to.equal(JSON.stringify(fixture));
    }
  });

  it('leaves out fields the schema does not declare, at any depth', () => {
    const serialise = compiled('POST /api/v1/verify');
    const [fixture] = ROUTES['POST /api/v1/verify']!.fixtures as Array<Record<string, object>>;
    const leaky = {
      ...fixture,
      password_hash: '$2b$10$secret',
      user: { ...fixture!.user, password_hash: '$2b$10$secret', totp_secret: 'JBSWY3DP' },
      organizations: [{ id: 'o1', name: 'Acme', slug: 'acme', role: 'admin', internal_notes: 'x' }],
    };
    const written = serialise(leaky);
    expect(written).to.equal(JSON.stringify(fixture));
    expect(written).not.to.match(/password_hash|totp_secret|internal_notes|secret/);
  });

  it('refuses a body that does not fit (the route then falls back to JSON.stringify), never coerces', () => {
    const serialise = compiled('GET /api/v1/health');
    expect(() => serialise({ status: 'ok', version: 3, uptime_s: 1, db: { status: 'up' } })).to.throw();
    expect(() => serialise({ status: 'ok', version: '1', uptime_s: 1.5, db: { status: 'up' } })).to.throw();
    expect(() => serialise({ status: 'ok', uptime_s: 1, db: { status: 'up' } })).to.throw();
  });

  it('does not compile schemas it cannot write exactly (passthrough, unknown, dates, unions of kinds)', () => {
    expect(compileSerialiser(z.object({ a: z.string() }).passthrough())).to.equal(null);
    expect(compileSerialiser(z.object({ a: z.unknown() }))).to.equal(null);
    expect(compileSerialiser(z.object({ a: z.date() }))).to.equal(null);
    expect(compileSerialiser(z.object({ a: z.union([z.string(), z.object({ b: z.string() })]) }))).to.equal(
      null,
    );
  });

  it('filters the answers of the routes named in `serialised` only, and only their 2xx answers', async () => {
    const app = express();
    serialiseJsonResponses(app.response);
    const api = new ApiRouter(createApiRegistry(), '', { serialised: new Set(['GET /filtered']) });
    const Schema = z.object({ id: z.string(), name: z.string() });
    const body = { id: '1', name: 'n', password_hash: 'h' };
    for (const path of ['/filtered', '/unlisted'])
      api.route(
        {
          method: 'get',
          path,
          summary: path,
          tags: ['Test'],
          query: z.object({ status: z.coerce.number().optional() }),
          responses: {
            200: { description: 'ok', schema: Schema },
            409: { description: 'no', schema: Schema },
          },
        },
        (req, res) => {
          res.status(req.valid.query.status ?? 200).json(body);
        },
      );
    app.use(api.router);
    const filtered = await supertest(app).get('/filtered').expect(200);
    expect(filtered.text).to.equal('{"id":"1","name":"n"}');
    expect(filtered.headers['content-type']).to.equal('application/json; charset=utf-8');
    expect((await supertest(app).get('/unlisted').expect(200)).body).to.have.property('password_hash');
    // Errors and other non-2xx answers keep their own fields (a step-up refusal's, say).
    expect((await supertest(app).get('/filtered?status=409').expect(409)).body).to.have.property(
      'password_hash',
    );
  });

  describe('the routes’ real answers', function () {
    this.timeout(60_000);
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext();
    });
    after(async () => ctx?.close());

    it('are written by the compiled serialiser byte for byte as JSON.stringify would', async () => {
      const admin = await signedInUser(ctx, 'serialised');
      const organizationId = await createOrganization(ctx, admin);
      const project = await createProject(ctx, admin, organizationId);
      const application = await createApplication(ctx, admin, project.id);
      const token = await createToken(ctx, admin, application.id, ['read']);
      const answers: Record<string, string> = {
        'GET /api/v1/health': (await ctx.request.get('/api/v1/health').expect(200)).text,
        'POST /api/v1/verify': (
          await ctx.request.post('/api/v1/verify').set(bearer(admin.access_token)).expect(200)
        ).text,
        'GET /api/v1/auth/me': (
          await ctx.request.get('/api/v1/auth/me').set(bearer(admin.access_token)).expect(200)
        ).text,
        'GET /api/v1/projects': (await ctx.request.get('/api/v1/projects').set(bearer(token)).expect(200))
          .text,
        'POST /api/v1/authorize': (
          await ctx.request
            .post('/api/v1/authorize')
            .set(bearer(token))
            .send({ action: 'invoice:read', resource: { type: 'invoice' } })
            .expect(200)
        ).text,
        'POST /api/v1/auth/refresh': (
          await ctx.request
            .post('/api/v1/auth/refresh')
            .send({ refresh_token: admin.refresh_token })
            .expect(200)
        ).text,
      };
      // Sign-in answers the same fields through JSON.stringify (not serialised): nothing is left out.
      const signIn = (
        await ctx.request
          .post('/api/v1/auth/login')
          .send({ email: admin.email, password: admin.password })
          .expect(200)
      ).body as { user: object };
      const refreshed = JSON.parse(answers['POST /api/v1/auth/refresh']!) as { user: object };
      expect(Object.keys(refreshed)).to.deep.equal(Object.keys(signIn));
      expect(Object.keys(refreshed.user)).to.deep.equal(Object.keys(signIn.user));
      for (const [route, text] of Object.entries(answers)) {
        expect(compiled(route)(JSON.parse(text)), route).to.equal(text);
        expect(text, route).to.equal(JSON.stringify(JSON.parse(text)));
      }
      expect(JSON.parse(answers['GET /api/v1/projects']!).data).to.have.length(1);
    });
  });
});
