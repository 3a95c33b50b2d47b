import { expect } from 'chai';
import type { TestContext } from './context.js';
import { bearer, latestMail, linkIn, PASSWORD, uniqueEmail } from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, totpAt } from '../mfa/helpers.js';

/**
 * End users (issue #31): the accounts of a project's user pool, registered and signed in through
 * the embedding API (`/api/auth/*` with X-Application-ID) of one of the project's applications.
 * A dashboard account cannot sign in there; tests of the embedding API use these instead.
 */

/** The header naming the application an embedding request is made for. */
export const applicationHeader = (applicationId: string) => ({ 'X-Application-ID': applicationId });

export interface EndUser {
  id: string;
  email: string;
  password: string;
}

export interface EmbeddingSession {
  token: string;
  refresh_token: string;
  expires_at: number;
  user: { id: string; email: string; display_name?: string };
}

/**
 * Registers an end user in the pool of the application's project through `POST /api/auth/register`,
 * and (unless `confirm: false`) confirms the address through the link in the confirmation mail,
 * which leads to the pool's hosted confirmation page.
 */
export async function registerEndUser(
  ctx: TestContext,
  applicationId: string,
  options: { email?: string; password?: string; display_name?: string; confirm?: boolean } = {},
): Promise<EndUser> {
  const email = options.email ?? uniqueEmail('enduser');
  const password = options.password ?? PASSWORD;
  const registered = await ctx.request
    .post('/api/auth/register')
    .set(applicationHeader(applicationId))
    .send({ email, password, ...(options.display_name ? { display_name: options.display_name } : {}) });
  expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
  if (options.confirm !== false) {
    const link = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
    const confirmed = await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
    expect(confirmed.headers.location, 'the confirmation redirect').to.match(
      /\/p\/[0-9a-f]{24}\/confirm\?confirmed=1$/,
    );
  }
  return { id: registered.body.user.id as string, email, password };
}

/** `POST /api/auth/login` for the application, expecting a session (no second step). */
export async function endUserLogin(
  ctx: TestContext,
  applicationId: string,
  email: string,
  password = PASSWORD,
): Promise<EmbeddingSession> {
  const response = await ctx.request
    .post('/api/auth/login')
    .set(applicationHeader(applicationId))
    .send({ email, password });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  expect(response.body, 'a session, not a second step').to.have.property('token');
  return response.body as EmbeddingSession;
}

/** A confirmed end user of the application's pool, signed in through the application. */
export async function signedInEndUser(
  ctx: TestContext,
  applicationId: string,
  options: { email?: string; password?: string; prefix?: string } = {},
): Promise<EndUser & EmbeddingSession> {
  const user = await registerEndUser(ctx, applicationId, {
    email: options.email ?? uniqueEmail(options.prefix ?? 'enduser'),
    password: options.password,
  });
  return { ...user, ...(await endUserLogin(ctx, applicationId, user.email, user.password)) };
}

/**
 * An end user who turned two-factor on with their own (application) session, as on the pool's
 * hosted account page; answers the TOTP secret and the recovery codes, signed in (the session
 * that enrolled stays valid).
 */
export async function enrolledEndUser(
  ctx: TestContext,
  applicationId: string,
  options: { email?: string; prefix?: string } = {},
) {
  const user = await signedInEndUser(ctx, applicationId, options);
  const started = await ctx.request.post('/api/v1/auth/mfa/totp').set(bearer(user.token));
  expect(started.status, JSON.stringify(started.body)).to.equal(200);
  const secret = started.body.secret as string;
  await awayFromStepEdge();
  const confirmed = await ctx.request
    .post('/api/v1/auth/mfa/totp/confirm')
    .set(bearer(user.token))
    .send({ code: totpAt(secret, currentStep()) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
  const recoveryCodes = confirmed.body.recovery_codes as string[];
  expect(recoveryCodes).to.have.length(10);
  return { ...user, secret, recoveryCodes, enrolledStep: currentStep() };
}

/**
 * What the embedding login answers a dashboard account (another pool): exactly a wrong password.
 * Tests call it to show that the rule holds where they used to sign dashboard accounts in.
 */
export async function expectRefusedByEmbeddingLogin(
  ctx: TestContext,
  applicationId: string,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const response = await ctx.request
    .post('/api/auth/login')
    .set(applicationHeader(applicationId))
    .send({ email, password });
  expect(response.status, JSON.stringify(response.body)).to.equal(401);
  expect(response.body).to.deep.equal({ error: 'Invalid e-mail or password.', code: 'invalid_credentials' });
}
