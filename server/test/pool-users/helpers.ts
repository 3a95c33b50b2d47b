import bcrypt from 'bcryptjs';
import { expect } from 'chai';
import { Types } from 'mongoose';
import type { TestContext } from '../helpers/context.js';
import { bearer, uniqueEmail } from '../auth/helpers.js';
import { awayFromStepEdge, currentStep, totpAt } from '../mfa/helpers.js';
import type { User } from '../projects/helpers.js';

export const SHOP = 'https://shop.example.com';
export const OLD_PASSWORD = 'password from the old shop';

/** A bcrypt hash as another product exports it (cost 4: fast; the benchmark uses 10). */
export function exportedHash(password = OLD_PASSWORD, minor: 'a' | 'b' | 'y' = 'b'): string {
  return bcrypt.hashSync(password, 4).replace(/^\$2[aby]\$/, `$2${minor}$`);
}

export const usersPath = (projectId: string, rest = '') => `/api/v1/projects/${projectId}/users${rest}`;

/** Imports users through the API (as the admin), expecting 200; answers the result. */
export async function importUsers(
  ctx: TestContext,
  admin: Pick<User, 'access_token'>,
  projectId: string,
  users: unknown[],
) {
  const response = await ctx.request
    .post(usersPath(projectId, '/import'))
    .set(bearer(admin.access_token))
    .send({ users });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  return response.body as {
    imported: number;
    skipped: number;
    errors: Array<{ index: number; email: string | null; reason: string }>;
  };
}

/** One user of the project's pool, imported with the old shop's password hash; answers id and address. */
export async function poolUser(
  ctx: TestContext,
  admin: Pick<User, 'access_token'>,
  projectId: string,
  fields: Record<string, unknown> = {},
) {
  const email = (fields.email as string | undefined) ?? uniqueEmail('enduser');
  await importUsers(ctx, admin, projectId, [
    { email, password_hash: exportedHash(), email_verified: true, ...fields },
  ]);
  const stored = await ctx.database.connection
    .collection('profiles')
    .findOne({ pool_id: projectId, email: email.toLowerCase() });
  expect(stored, `the imported ${email}`).to.exist;
  return { id: String(stored!._id), email: email.toLowerCase() };
}

/** Signs in through the application's embedding login (its pool); answers the response. */
export function embeddedLogin(
  ctx: TestContext,
  applicationId: string,
  email: string,
  password = OLD_PASSWORD,
) {
  return ctx.request
    .post('/api/auth/login')
    .set({ 'X-Application-ID': applicationId, Origin: SHOP })
    .send({ email, password });
}

/** The embedding session's verify: 200 while the session lives. */
export function verifyEmbedded(ctx: TestContext, applicationId: string, token: string) {
  return ctx.request
    .post('/api/auth/verify')
    .set({ 'X-Application-ID': applicationId, Origin: SHOP })
    .set(bearer(token));
}

/** A profile document straight from the collection. */
export function storedUser(ctx: TestContext, userId: string) {
  return ctx.database.connection.collection('profiles').findOne({ _id: new Types.ObjectId(userId) });
}

/** The pool's audit entries with that action, newest last. */
export function auditEntries(ctx: TestContext, projectId: string, action: string) {
  return ctx.database.connection
    .collection('activity_logs')
    .find({ project_id: new Types.ObjectId(projectId), action })
    .sort({ _id: 1 })
    .toArray();
}

/** Turns TOTP on for a pool user through the mfa service (what the hosted account page does). */
export async function enrolTotp(ctx: TestContext, userId: string, projectId: string) {
  const user = await ctx.services.auth.getUser(userId);
  const context = { ip: '127.0.0.1', userAgent: 'test', pool: projectId };
  const { secret } = await ctx.services.mfa.startTotpEnrolment(user!, context);
  await awayFromStepEdge();
  await ctx.services.mfa.confirmTotp(user!, totpAt(secret, currentStep()), context);
  return secret;
}
