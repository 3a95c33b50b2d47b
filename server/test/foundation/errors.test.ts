import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { AppError, CommonErrors, errorHandler, notFoundHandler } from '../../src/lib/errors.js';

/** A minimal app around the real error handler, with routes that fail in the two possible ways. */
function appWith(exposeStack: boolean) {
  const app = express();
  app.get('/operational', () => {
    throw new AppError(CommonErrors.FORBIDDEN, { message: 'Only admins may do that.' });
  });
  app.get('/bug', async () => {
    throw new TypeError('secret internals at /srv/app.js:12');
  });
  app.use(notFoundHandler);
  app.use(errorHandler({ logger: pino({ level: 'silent' }), exposeStack }));
  return supertest(app);
}

describe('error model', () => {
  it('shows operational errors with their status, message and code', async () => {
    const response = await appWith(false).get('/operational').expect(403);
    expect(response.body).to.deep.equal({ error: 'Only admins may do that.', code: 'forbidden' });
  });

  it('hides programmer errors behind a generic 500 in production', async () => {
    const response = await appWith(false).get('/bug').expect(500);
    expect(response.body).to.deep.equal({
      error: 'Something went wrong on our side. Please try again later.',
      code: 'internal_error',
    });
    expect(JSON.stringify(response.body)).not.to.contain('secret internals');
  });

  it('includes the stack outside production to help local debugging', async () => {
    const response = await appWith(true).get('/bug').expect(500);
    expect(response.body.stack).to.contain('TypeError');
  });

  it('answers unknown routes with 404 in the same shape', async () => {
    const response = await appWith(false).get('/nowhere').expect(404);
    expect(response.body.code).to.equal('route_not_found');
    expect(response.body.error).to.be.a('string');
  });
});
