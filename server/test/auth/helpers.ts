import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';

export const PASSWORD = 'correct horse battery';

/** An app for identity tests: cheap bcrypt (cost 4) and generous rate limits unless overridden. */
export function createAuthContext(env: Record<string, string> = {}): Promise<TestContext> {
  return createTestContext({
    env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_ACCOUNT: '1000', ...env },
  });
}

let counter = 0;
/** A unique address per call, so tests never share accounts or per-account limits. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  template_name: string | null;
  created_at: string;
}

/** The newest mails to an address from the development outbox, through its real API. */
export async function outbox(ctx: TestContext, to: string): Promise<OutboxMail[]> {
  const response = await ctx.request.get('/api/v1/dev/outbox').query({ to, limit: 50 }).expect(200);
  return response.body.data as OutboxMail[];
}

export async function latestMail(ctx: TestContext, to: string, template: string): Promise<OutboxMail> {
  const mail = (await outbox(ctx, to)).find((entry) => entry.template_name === template);
  expect(mail, `a ${template} mail to ${to}`).to.exist;
  return mail!;
}

/**
 * Waits for a mail that is sent after the response (password reset and resend-confirmation
 * answer before they do any work, so their timing reveals nothing).
 */
export async function waitForMail(
  ctx: TestContext,
  to: string,
  template: string,
  timeoutMs = 5_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(ctx, to)).find((entry) => entry.template_name === template);
    if (mail) return mail;
    if (Date.now() > deadline) expect.fail(`no ${template} mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link in a mail's text part that contains `fragment`. */
export function linkIn(mail: { text: string }, fragment: string): URL {
  const link = mail.text.match(/https?:\/\/[^\s)>"]+/g)?.find((url) => url.includes(fragment));
  expect(link, `a link containing ${fragment} in:\n${mail.text}`).to.be.a('string');
  return new URL(link!);
}

export function register(
  ctx: TestContext,
  email: string,
  password = PASSWORD,
  extra: Record<string, unknown> = {},
) {
  return ctx.request.post('/api/v1/auth/register').send({ email, password, ...extra });
}

/** Registers and confirms through the link in the confirmation mail. */
export async function registerConfirmed(ctx: TestContext, email = uniqueEmail(), password = PASSWORD) {
  await register(ctx, email, password).expect(201);
  const link = linkIn(await latestMail(ctx, email, 'email_confirmation'), '/auth/confirm');
  await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
  return { email, password };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string };
}

export async function login(ctx: TestContext, email: string, password = PASSWORD): Promise<Tokens> {
  const response = await ctx.request.post('/api/v1/auth/login').send({ email, password }).expect(200);
  return response.body as Tokens;
}

export async function signedInUser(ctx: TestContext, prefix = 'user') {
  const { email, password } = await registerConfirmed(ctx, uniqueEmail(prefix));
  return { email, password, ...(await login(ctx, email, password)) };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
