import { expect } from 'chai';
import { bearer, createAuthContext, PASSWORD, uniqueEmail } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import type { ReceivedMail, SmtpSink } from './smtp-sink.js';

export const MAIL_FROM_ADDRESS = 'no-reply@iam.test';

/**
 * The whole app with mail going to a real SMTP server on loopback. Sign-in does not wait for the
 * confirmation link here (the confirmation flow has its own tests), so members are quick to make.
 */
export function createMailContext(sink: SmtpSink, env: Record<string, string> = {}): Promise<TestContext> {
  return createAuthContext({
    SMTP_URL: sink.url,
    MAIL_FROM: `IAM Platform <${MAIL_FROM_ADDRESS}>`,
    EMAIL_CONFIRMATION_REQUIRED: 'false',
    ...env,
  });
}

export interface Member {
  id: string;
  email: string;
  password: string;
  token: string;
  auth: Record<string, string>;
}

export async function member(
  ctx: TestContext,
  prefix = 'member',
  extra: Record<string, unknown> = {},
): Promise<Member> {
  const email = uniqueEmail(prefix);
  await ctx.request
    .post('/api/v1/auth/register')
    .send({ email, password: PASSWORD, ...extra })
    .expect(201);
  const login = await ctx.request.post('/api/v1/auth/login').send({ email, password: PASSWORD }).expect(200);
  return {
    id: login.body.user.id,
    email,
    password: PASSWORD,
    token: login.body.access_token,
    auth: bearer(login.body.access_token),
  };
}

export interface Tenant {
  organization: string;
  project: string;
  application: string;
}

/** An organization (owned by `owner`, an admin) with a project and an application. */
export async function tenant(ctx: TestContext, owner: Member, name = 'Shop'): Promise<Tenant> {
  const slug = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`;
  const organization = (
    await ctx.request
      .post('/api/v1/organizations')
      .set(owner.auth)
      .send({ name: `${name} GmbH`, slug })
      .expect(201)
  ).body.id as string;
  const project = (
    await ctx.request
      .post('/api/v1/projects')
      .set(owner.auth)
      .send({ name: 'Web', slug: 'web', organization_id: organization })
      .expect(201)
  ).body.id as string;
  const application = await addApplication(ctx, owner, project, name);
  return { organization, project, application };
}

export async function addApplication(ctx: TestContext, owner: Member, project: string, name: string) {
  return (
    await ctx.request
      .post('/api/v1/applications')
      .set(owner.auth)
      .send({
        name,
        slug: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`,
        project_id: project,
      })
      .expect(201)
  ).body.id as string;
}

export interface TemplateJson {
  id: string;
  application_id: string;
  name: string;
  locale: 'de' | 'en';
  subject: string;
  html_content: string;
  text_content: string | null;
  variables: string[];
  is_active: boolean;
  is_system_template: boolean;
}

export async function listTemplates(
  ctx: TestContext,
  who: Member,
  query: Record<string, string>,
): Promise<TemplateJson[]> {
  return (await ctx.request.get('/api/v1/email-templates').query(query).set(who.auth).expect(200)).body
    .data as TemplateJson[];
}

export async function systemTemplateOf(
  ctx: TestContext,
  who: Member,
  application: string,
  name: string,
  locale: 'de' | 'en' = 'de',
): Promise<TemplateJson> {
  const found = (await listTemplates(ctx, who, { application_id: application, kind: 'system' })).find(
    (template) => template.name === name && template.locale === locale,
  );
  expect(found, `system template ${name}/${locale}`).to.exist;
  return found!;
}

/** The first mail the SMTP server received to `to` that matches, waiting for mails sent after a response. */
export async function waitForDelivery(
  sink: SmtpSink,
  to: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = sink.received.find(
      (entry) =>
        entry.envelope.to.some((address) => address.toLowerCase() === to.toLowerCase()) && matches(entry),
    );
    if (found) return found;
    if (Date.now() > deadline) expect.fail(`no matching mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function deliveriesTo(sink: SmtpSink, to: string): ReceivedMail[] {
  return sink.received.filter((entry) => entry.envelope.to.some((address) => address.toLowerCase() === to));
}
