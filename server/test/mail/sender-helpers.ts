import { linkIn } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import type { SmtpSink } from './smtp-sink.js';
import { waitForDelivery } from './template-helpers.js';

/** Follows the confirmation link the sink received for `email` (the account's address is then confirmed). */
export async function confirmFromSink(ctx: TestContext, sink: SmtpSink, email: string): Promise<void> {
  const mail = await waitForDelivery(sink, email, (entry) => /auth\/confirm/.test(entry.mail.text ?? ''));
  const link = linkIn({ text: mail.mail.text ?? '' }, '/auth/confirm');
  await ctx.request.get(`${link.pathname}${link.search}`).expect(303);
}

/** The sender-verification link the sink received for `address`, as path + query. */
export async function senderLinkFromSink(sink: SmtpSink, address: string, after = 0): Promise<string> {
  const mail = await waitForDelivery(
    sink,
    address,
    (entry) => sink.received.indexOf(entry) >= after && /sender-verification/.test(entry.mail.text ?? ''),
  );
  const link = linkIn({ text: mail.mail.text ?? '' }, '/email/sender-verification');
  return `${link.pathname}${link.search}`;
}

/**
 * Makes `address` a verified sender of the application the way an admin and the address's owner
 * do it: listed in the e-mail settings, then the link mailed to it followed. The organization may
 * then mail anyone.
 */
export async function verifySender(
  ctx: TestContext,
  sink: SmtpSink,
  admin: { auth: Record<string, string> },
  application: string,
  address: string,
): Promise<void> {
  const before = sink.received.length;
  const settings = await ctx.request
    .get(`/api/v1/applications/${application}/email-settings`)
    .set(admin.auth)
    .expect(200);
  const senders = [...settings.body.verified_senders, ...settings.body.pending_senders, address];
  await ctx.request
    .patch(`/api/v1/applications/${application}/email-settings`)
    .set(admin.auth)
    .send({ verified_senders: senders })
    .expect(200);
  const link = await senderLinkFromSink(sink, address, before);
  const token = new URL(link, 'http://localhost').searchParams.get('token');
  await ctx.request.post('/api/v1/email/sender-verification').send({ token }).expect(200);
}
