import type { Options } from 'express-rate-limit';
import mongoose, { Schema, Types, type Connection, type Model } from 'mongoose';
import type { Config } from '../../config.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';
import { MongoRateLimitStore } from '../../lib/rate-limit/index.js';
import type { Locale, MailService } from '../../core/mail.js';
import { renderTemplate } from '../mail/index.js';
import { EmailTemplateErrors } from './email-templates.errors.js';

/** The public route of the verification link (under /api/v1): GET shows a page, POST confirms. */
export const SENDER_VERIFICATION_PATH = '/email/sender-verification';
/** How long a verification link works; afterwards an admin sends a new one. */
export const SENDER_LINK_TTL_HOURS = 48;
/**
 * Verification mails per organization and hour. Each goes to an address the admin typed, so the
 * link mail must not become a relay of its own; a constant, like the invitation limits.
 */
export const SENDER_LINKS_PER_HOUR = 20;

/**
 * A sender address of one application: pending until someone who reads that mailbox follows the
 * link mailed to it, verified after. Only verified senders may appear in `from`, and one verified
 * sender lets the organization mail anyone (docs/email-templates.md, "Senders").
 */
export interface EmailSenderDocument {
  _id: Types.ObjectId;
  application_id: Types.ObjectId;
  organization_id: Types.ObjectId;
  /** Lower-cased. */
  address: string;
  /** Shown on the confirmation page, as they were when the link was requested. */
  organization_name: string;
  application_name: string;
  verified_at: Date | null;
  /** SHA-256 of the link's token while a link is out; null once verified. */
  token_hash: string | null;
  token_expires_at: Date | null;
  requested_by: Types.ObjectId | null;
  created_at: Date;
  updated_at: Date;
}

const emailSenderSchema = new Schema<EmailSenderDocument>(
  {
    application_id: { type: Schema.Types.ObjectId, required: true },
    organization_id: { type: Schema.Types.ObjectId, required: true },
    address: { type: String, required: true },
    organization_name: { type: String, default: '' },
    application_name: { type: String, default: '' },
    verified_at: { type: Date, default: null },
    token_hash: { type: String, default: null },
    token_expires_at: { type: Date, default: null },
    requested_by: { type: Schema.Types.ObjectId, default: null },
  },
  { collection: 'email_senders', timestamps: { createdAt: 'created_at', updatedAt: 'updated_at' } },
);
emailSenderSchema.index({ application_id: 1, address: 1 }, { unique: true });
emailSenderSchema.index({ token_hash: 1 });
emailSenderSchema.index({ organization_id: 1, verified_at: 1 });
emailSenderSchema.plugin(toJSONPlugin);

export function emailSenderModel(connection: Connection): Model<EmailSenderDocument> {
  return modelOn(connection, 'EmailSender', emailSenderSchema);
}

/** What the confirmation page and its JSON answer show. */
export interface SenderLinkView {
  address: string;
  organization_name: string;
  application_name: string;
}

/** The verification mail, in the application's default locale: it goes to someone who may never have heard of us. */
const LINK_MAIL: Record<Locale, { subject: string; html_content: string }> = {
  de: {
    subject: 'Bestätigen Sie {{address}} als Absender',
    html_content: [
      '<p>Guten Tag,</p>',
      '<p>ein Admin der Organisation „{{organizationName}}“ möchte E-Mails der Anwendung „{{applicationName}}“ auf IAM Platform mit dieser Adresse als Absender verschicken: {{address}}.</p>',
      '<p>Wenn Sie das erlauben, bestätigen Sie es hier:</p>',
      '<p><a href="{{verifyLink}}">Absender bestätigen</a></p>',
      '<p>Der Link ist 48 Stunden gültig und kann einmal verwendet werden. Wenn Sie das nicht erwartet haben, ignorieren Sie diese E-Mail – ohne Bestätigung wird nie in Ihrem Namen gesendet.</p>',
    ].join('\n'),
  },
  en: {
    subject: 'Confirm {{address}} as a sender',
    html_content: [
      '<p>Hello,</p>',
      '<p>an admin of the organization “{{organizationName}}” wants to send the e-mails of the application “{{applicationName}}” on IAM Platform with this address as sender: {{address}}.</p>',
      '<p>If you allow this, confirm it here:</p>',
      '<p><a href="{{verifyLink}}">Confirm the sender</a></p>',
      '<p>The link is valid for 48 hours and can be used once. If you did not expect this, ignore this e-mail – nothing is ever sent in your name without the confirmation.</p>',
    ].join('\n'),
  },
};

export interface SenderRequest {
  application: { _id: Types.ObjectId; organization_id: Types.ObjectId; name: string };
  organizationName: string;
  requestedBy: string;
  locale: Locale;
}

export function createEmailSenders(deps: { connection: Connection; config: Config; mail: MailService }) {
  const EmailSenders = emailSenderModel(deps.connection);
  const linkStore = new MongoRateLimitStore(deps.connection, { prefix: 'email-sender-links:' });
  linkStore.init({ windowMs: 3_600_000 } as Options);

  const usable = (rawToken: string) => ({
    token_hash: sha256Hex(rawToken),
    verified_at: null,
    token_expires_at: mongoose.trusted({ $gt: new Date() }),
  });
  const view = (sender: EmailSenderDocument): SenderLinkView => ({
    address: sender.address,
    organization_name: sender.organization_name,
    application_name: sender.application_name,
  });

  /** Counts `count` links of an organization, or 429 before anything is written or mailed. */
  async function countLinks(organizationId: Types.ObjectId, count: number): Promise<void> {
    for (let sent = 0; sent < count; sent++) {
      const { totalHits, resetTime } = await linkStore.increment(String(organizationId));
      if (totalHits <= SENDER_LINKS_PER_HOUR) continue;
      const waitS = resetTime ? Math.ceil((resetTime.getTime() - Date.now()) / 1000) : 3600;
      throw new AppError(EmailTemplateErrors.SENDER_LINKS_RATE_LIMITED, {
        headers: { 'Retry-After': String(Math.max(1, waitS)) },
      });
    }
  }

  /** A fresh link for the sender (earlier links of it stop working), mailed to its address. */
  async function mailLink(request: SenderRequest, address: string): Promise<void> {
    const raw = randomToken(32);
    const { application } = request;
    await EmailSenders.updateOne(
      { application_id: application._id, address },
      {
        $set: {
          organization_id: application.organization_id,
          organization_name: request.organizationName,
          application_name: application.name,
          token_hash: sha256Hex(raw),
          token_expires_at: new Date(Date.now() + SENDER_LINK_TTL_HOURS * 3_600_000),
          requested_by: new Types.ObjectId(request.requestedBy),
        },
        $setOnInsert: { application_id: application._id, address, verified_at: null },
      },
      { upsert: true },
    );
    const verifyLink = `${deps.config.publicUrl}/api/v1${SENDER_VERIFICATION_PATH}?token=${encodeURIComponent(raw)}`;
    const rendered = renderTemplate(
      LINK_MAIL[request.locale],
      {
        address,
        organizationName: request.organizationName,
        applicationName: application.name,
        verifyLink,
      },
      { locale: request.locale },
    );
    await deps.mail.send({
      to: address,
      ...rendered,
      templateName: 'sender_verification',
      applicationId: String(application._id),
    });
  }

  return {
    EmailSenders,

    /**
     * Makes the application's senders exactly `addresses`: addresses not listed are forgotten
     * (verified or not), new ones become pending and are mailed a link, the others stay as they are.
     */
    async replace(request: SenderRequest, addresses: string[]): Promise<void> {
      const applicationId = request.application._id;
      const existing = new Set(
        (await EmailSenders.find({ application_id: applicationId }, { address: 1 }).lean()).map(
          (sender) => sender.address,
        ),
      );
      const added = addresses.filter((address) => !existing.has(address));
      await countLinks(request.application.organization_id, added.length);
      await EmailSenders.deleteMany({
        application_id: applicationId,
        address: mongoose.trusted({ $nin: addresses }),
      });
      for (const address of added) await mailLink(request, address);
    },

    /** A new link for a pending sender (`legacy`: addresses listed before verification existed). */
    async resend(request: SenderRequest, address: string, legacy: string[]): Promise<void> {
      const sender = await EmailSenders.findOne({
        application_id: request.application._id,
        address,
      }).lean<EmailSenderDocument>();
      if (sender?.verified_at) throw new AppError(EmailTemplateErrors.SENDER_ALREADY_VERIFIED);
      if (!sender && !legacy.includes(address)) throw new AppError(EmailTemplateErrors.SENDER_NOT_FOUND);
      await countLinks(request.application.organization_id, 1);
      await mailLink(request, address);
    },

    /** The sender a link names, for its confirmation page; null when unknown, expired or used. */
    async describe(rawToken: string): Promise<SenderLinkView | null> {
      if (!rawToken) return null;
      const sender = await EmailSenders.findOne(usable(rawToken)).lean<EmailSenderDocument>();
      return sender ? view(sender) : null;
    },

    /** Verifies the sender a link names — once, in one atomic write; 400 invalid_sender_token otherwise. */
    async confirm(
      rawToken: string,
    ): Promise<SenderLinkView & { application_id: string; organization_id: string }> {
      if (!rawToken) throw new AppError(EmailTemplateErrors.INVALID_SENDER_TOKEN);
      const sender = await EmailSenders.findOneAndUpdate(usable(rawToken), {
        $set: { verified_at: new Date(), token_hash: null, token_expires_at: null },
      }).lean<EmailSenderDocument>();
      if (!sender) throw new AppError(EmailTemplateErrors.INVALID_SENDER_TOKEN);
      return {
        ...view(sender),
        application_id: String(sender.application_id),
        organization_id: String(sender.organization_id),
      };
    },
  };
}

export type EmailSenders = ReturnType<typeof createEmailSenders>;
