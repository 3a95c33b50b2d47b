import { expect } from 'chai';
import { pino } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/lib/logger.js';
import type { TestContext } from '../helpers/context.js';
import { bearer, createAuthContext } from '../auth/helpers.js';
import { createTenant, createToken } from './helpers.js';

/**
 * The production logger (with its redaction rules) at debug level, writing into an array instead
 * of stdout, in front of a second app on the suite's database and services.
 */
async function createLoggedContext(): Promise<TestContext & { lines: string[] }> {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug' });
  (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = {
    write: (line: string) => void lines.push(line),
  };
  const ctx = await createAuthContext();
  const app = createApp({ config: ctx.config, logger, database: ctx.database, services: ctx.services });
  return { ...ctx, lines, app, request: supertest(app) };
}

describe('API tokens never reach the logs', () => {
  let ctx: Awaited<ReturnType<typeof createLoggedContext>>;
  before(async () => {
    ctx = await createLoggedContext();
  });
  after(() => ctx.close());

  it('neither when issued, used, refused nor revoked', async () => {
    const tenant = await createTenant(ctx, 'logged');
    const created = await createToken(ctx, tenant.user, tenant.applicationId, { scopes: ['read'] });
    const secret = created.token.slice(3);
    await ctx.request.get('/api/v1/auth/me').set(bearer(created.token)).expect(200);
    await ctx.request.post('/api/v1/verify').set(bearer(created.token)).expect(200);
    await ctx.request
      .patch(`/api/v1/applications/${tenant.applicationId}`)
      .set(bearer(created.token))
      .send({ name: 'x' })
      .expect(403);
    await ctx.request
      .get(`/api/v1/tokens?application_id=${tenant.applicationId}`)
      .set(bearer(tenant.user.access_token))
      .expect(200);
    await ctx.request
      .post(`/api/v1/tokens/${created.id}/revoke`)
      .set(bearer(tenant.user.access_token))
      .expect(200);
    await ctx.request.get('/api/v1/auth/me').set(bearer(created.token)).expect(401);

    const requestLines = ctx.lines.filter((line) => line.includes('"url":"/api/v1/auth/me"'));
    expect(requestLines, 'request logs of /auth/me').to.have.length.of.at.least(2);
    expect(requestLines.some((line) => line.includes('"statusCode":401'))).to.equal(true);
    // Request headers are not logged at all (lib/request-logging.ts), so no Authorization value either.
    expect(requestLines.some((line) => line.toLowerCase().includes('"authorization"'))).to.equal(false);
    expect(ctx.lines.some((line) => line.includes('/tokens') && line.includes('"statusCode":201'))).to.equal(
      true,
    );
    for (const line of ctx.lines) expect(line).not.to.include(secret);
  });
});
