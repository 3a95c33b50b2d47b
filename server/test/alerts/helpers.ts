import { expect } from 'chai';
import type { Services } from '../../src/services.js';
import type { TestContext } from '../helpers/context.js';
import { createWebhookContext } from '../webhooks/helpers.js';
import { MAIL_FROM_ADDRESS } from '../mail/template-helpers.js';
import type { SmtpSink } from '../mail/smtp-sink.js';

/**
 * The whole app with mail going to a real SMTP server on loopback and the webhook worker running
 * with fast retries; sign-in does not wait for a confirmation link.
 */
export function createAlertContext(sink: SmtpSink): Promise<TestContext> {
  return createWebhookContext(
    {},
    {
      SMTP_URL: sink.url,
      MAIL_FROM: `IAM Platform <${MAIL_FROM_ADDRESS}>`,
      EMAIL_CONFIRMATION_REQUIRED: 'false',
    },
  );
}

/** A minute-aligned time two hours ago (the test's clock runs up to 85 minutes on): inside every retention window, outside live traffic's. */
export function startOfTest(): Date {
  const t = new Date(Date.now() - 2 * 3_600_000);
  t.setUTCSeconds(0, 0);
  return t;
}

export const minutes = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

/** Request rows of an application, written as the request logger writes them. */
export async function seedRequests(
  services: Services,
  applicationId: string,
  rows: Array<{ at: Date; status: number; ms?: number; endpoint?: string; user?: string | null }>,
) {
  await services.analyticsRecorder.writeBatch({
    requests: rows.map((row) => ({
      created_at: row.at,
      method: 'POST',
      endpoint: row.endpoint ?? '/api/auth/verify',
      status_code: row.status,
      response_time_ms: row.ms ?? 10,
      ip_address: '203.0.113.9',
      user_agent: 'alerts-test',
      user_id: row.user ?? null,
      application_id: applicationId,
      project_id: null,
      organization_id: null,
    })),
  });
}

export async function createRule(ctx: TestContext, token: string, body: Record<string, unknown>) {
  const response = await ctx.request
    .post('/api/v1/alerts')
    .set({ Authorization: `Bearer ${token}` })
    .send(body);
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as { id: string; state: string } & Record<string, unknown>;
}

export async function historyOf(ctx: TestContext, token: string, alertId: string) {
  const response = await ctx.request
    .get(`/api/v1/alerts/${alertId}/history`)
    .set({ Authorization: `Bearer ${token}` })
    .expect(200);
  return response.body.data as Array<{
    kind: string;
    from_state: string | null;
    to_state: string | null;
    value: number | null;
    samples: number | null;
    notified: { emails: number; webhook: boolean; suppressed: string | null };
  }>;
}
