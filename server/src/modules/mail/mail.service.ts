import nodemailer from 'nodemailer';
import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import {
  DEFAULT_LOCALE,
  type MailService,
  type SendInput,
  type SendResult,
  type MailTransportKind,
} from '../../core/mail.js';
import { MailErrors } from './mail.errors.js';
import { mailModels, type EmailLog } from './mail.model.js';
import type { DevOutboxMessage, DevOutboxQuery } from './mail.schemas.js';
import type { MailRecipients } from './mail.audience.js';
import { createTemplateSender, type StoredTemplateSource } from './mail.template-send.js';
import { extractLinks, htmlToText } from './mail.text.js';

export type { StoredTemplateSource } from './mail.template-send.js';

/**
 * SMTP refused or could not be reached. The reason (the SMTP server's answer) stays on the server
 * unless a caller, such as the send API, decides to show it.
 */
export class MailDeliveryError extends AppError {
  readonly reason: string;

  constructor(reason: string) {
    super(MailErrors.DELIVERY_FAILED);
    this.reason = reason;
  }
}

export interface MailServiceDependencies {
  connection: Connection;
  config: Config;
  logger: Logger;
  webhooks?: WebhookEmitter;
  /** Without it (the transport tested alone) only the built-in templates and locales are used. */
  templates?: StoredTemplateSource;
  /**
   * Which recipients are end users of a project's pool (their mails carry the pool's brand, the
   * end users' wording and links to its hosted pages). Without it every recipient is a
   * dashboard account.
   */
  recipients?: Pick<MailRecipients, 'poolRecipient'>;
}

interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  templateName: string | null;
}

/** Enough of an address check to keep a caller from turning one recipient into several. */
const SINGLE_ADDRESS = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+$/;
const MAX_ERROR_MESSAGE_LENGTH = 1000;

type SmtpTransport = ReturnType<typeof createSmtpTransport>;

const BUILT_IN_ONLY: StoredTemplateSource = {
  findVariant: async () => null,
  settingsOf: async () => ({ default_locale: DEFAULT_LOCALE }),
  localeOfUser: async () => null,
};

function createSmtpTransport(smtpUrl: string) {
  // Settings in the URL (`?pool=false&connectionTimeout=…`) take precedence over these defaults.
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
}

/**
 * Sends mail over SMTP (SMTP_URL) or, without it, keeps it in the development outbox
 * (`dev_outbox`) and logs its links, so that sign-up can be finished locally. Every send leaves
 * an `email_logs` entry.
 */
export function createMailService(deps: MailServiceDependencies): MailService {
  const { config } = deps;
  const { EmailLog, DevOutbox } = mailModels(deps.connection);
  const logger = deps.logger.child({ module: 'mail' });
  const smtp = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : undefined;
  const templates = deps.templates ?? BUILT_IN_ONLY;

  if (!smtp && config.isProduction) {
    logger.warn('SMTP_URL is not set: mail is not delivered, only kept in the dev_outbox collection');
  } else if (!smtp) {
    logger.info('SMTP_URL is not set: mail goes to the development outbox (GET /api/v1/dev/outbox)');
  }

  /** The log is written after the fact; failing to write it must not turn a delivered mail into an error. */
  async function writeLog(entry: Omit<EmailLog, '_id' | 'created_at'>): Promise<void> {
    try {
      await EmailLog.create(entry);
    } catch (error) {
      logger.error(
        { err: error, to: entry.recipient_email, status: entry.status },
        'could not write the e-mail log',
      );
    }
  }

  /** Mails sent for an application are webhook events of its organization (email.sent / email.failed). */
  function emitMailEvent(type: 'email.sent' | 'email.failed', log: Omit<EmailLog, '_id' | 'created_at'>) {
    if (!log.application_id) return;
    deps.webhooks?.emit(
      type,
      { applicationId: log.application_id },
      {
        recipient_email: log.recipient_email,
        subject: log.subject,
        template_name: log.template_name,
        message_id: log.message_id,
        error: log.error_message,
      },
    );
  }

  /** Keeps a mail in the development outbox; its id serves as the message id. */
  async function keepInOutbox(mail: OutgoingMail): Promise<string> {
    const to = mail.to.toLowerCase();
    const stored = await DevOutbox.create({
      to,
      from: mail.from,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      template_name: mail.templateName,
    });
    if (config.isProduction) {
      // Links carry one-time tokens; in production they must not end up in the log store.
      logger.warn({ to, subject: mail.subject }, 'mail not delivered (SMTP_URL is not set)');
    } else {
      const links = extractLinks(mail.text);
      const listed = links.length > 0 ? `: ${links.join(' ')}` : '';
      logger.info(
        { to, subject: mail.subject, links },
        `mail to ${to} is in the development outbox${listed}`,
      );
    }
    return String(stored._id);
  }

  async function send(input: SendInput): Promise<SendResult> {
    const to = input.to.trim();
    if (!SINGLE_ADDRESS.test(to)) throw new AppError(MailErrors.INVALID_RECIPIENT);
    const mail: OutgoingMail = {
      to,
      from: input.from ?? config.mail.from,
      subject: input.subject,
      html: input.html,
      text: input.text ?? htmlToText(input.html),
      templateName: input.templateName ?? null,
    };
    const transport: MailTransportKind = smtp ? 'smtp' : 'outbox';
    const logFields = {
      recipient_email: to.toLowerCase(),
      template_name: mail.templateName,
      subject: mail.subject,
      transport,
      application_id: input.applicationId ?? null,
      user_id: input.userId ?? null,
    };

    let messageId: string;
    try {
      messageId = smtp ? await deliverOverSmtp(smtp, mail) : await keepInOutbox(mail);
    } catch (error) {
      const failed = {
        ...logFields,
        status: 'failed' as const,
        message_id: null,
        error_message: errorMessage(error),
      };
      await writeLog(failed);
      emitMailEvent('email.failed', failed);
      // Without SMTP the failure is our database's, not a delivery problem: let it surface as such.
      if (!smtp) throw error;
      logger.warn(
        { err: error, to: logFields.recipient_email, template: mail.templateName },
        'mail delivery failed',
      );
      throw new MailDeliveryError(errorMessage(error));
    }
    const sent = { ...logFields, status: 'sent' as const, message_id: messageId, error_message: null };
    await writeLog(sent);
    emitMailEvent('email.sent', sent);
    return { message_id: messageId, transport };
  }

  return {
    send,

    sendTemplate: createTemplateSender({ config, templates, recipients: deps.recipients, send }),

    async close() {
      smtp?.close();
    },
  };
}

async function deliverOverSmtp(smtp: SmtpTransport, mail: OutgoingMail): Promise<string> {
  const { from, to, subject, html, text } = mail;
  const info = await smtp.sendMail({ from, to, subject, html, text });
  return info.messageId;
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, MAX_ERROR_MESSAGE_LENGTH);
}

/** The development outbox, newest first. */
export async function listDevOutbox(
  connection: Connection,
  query: DevOutboxQuery,
): Promise<DevOutboxMessage[]> {
  const { DevOutbox } = mailModels(connection);
  const filter = query.to ? { to: query.to.trim().toLowerCase() } : {};
  const mails = await DevOutbox.find(filter).sort({ created_at: -1, _id: -1 }).limit(query.limit).lean();
  return mails.map((mail) => ({
    id: String(mail._id),
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    template_name: mail.template_name,
    created_at: mail.created_at.toISOString(),
  }));
}
