import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { modelOn, toJSONPlugin } from '../../lib/mongoose-plugins.js';

import type { MailTransportKind } from '../../core/mail.js';

/** Metadata of one send (SPEC §3 email log metadata); never the body. */
export interface EmailLog {
  _id: Types.ObjectId;
  recipient_email: string;
  template_name: string | null;
  subject: string;
  status: 'sent' | 'failed';
  transport: MailTransportKind;
  message_id: string | null;
  error_message: string | null;
  application_id: string | null;
  user_id: string | null;
  created_at: Date;
}

/** A mail kept instead of delivered because no SMTP server is configured. */
export interface DevOutboxMail {
  _id: Types.ObjectId;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  template_name: string | null;
  created_at: Date;
}

/** Outbox mails are a development aid; they expire after a week. */
const DEV_OUTBOX_RETENTION_S = 7 * 24 * 60 * 60;

const emailLogSchema = new Schema<EmailLog>(
  {
    recipient_email: { type: String, required: true },
    template_name: { type: String, default: null },
    subject: { type: String, default: '' },
    status: { type: String, enum: ['sent', 'failed'], required: true },
    transport: { type: String, enum: ['smtp', 'outbox'], required: true },
    message_id: { type: String, default: null },
    error_message: { type: String, default: null },
    // Ids of other modules are kept as strings: the log must accept whatever id a caller has.
    application_id: { type: String, default: null },
    user_id: { type: String, default: null },
  },
  { collection: 'email_logs', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
emailLogSchema.index({ created_at: -1 });
emailLogSchema.index({ application_id: 1, created_at: -1 });
emailLogSchema.index({ recipient_email: 1, created_at: -1 });
emailLogSchema.plugin(toJSONPlugin);

const devOutboxSchema = new Schema<DevOutboxMail>(
  {
    to: { type: String, required: true },
    from: { type: String, required: true },
    subject: { type: String, default: '' },
    html: { type: String, default: '' },
    text: { type: String, default: '' },
    template_name: { type: String, default: null },
  },
  { collection: 'dev_outbox', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
devOutboxSchema.index({ created_at: 1 }, { expireAfterSeconds: DEV_OUTBOX_RETENTION_S });
devOutboxSchema.index({ to: 1, created_at: -1 });
devOutboxSchema.plugin(toJSONPlugin);

export interface MailModels {
  EmailLog: Model<EmailLog>;
  DevOutbox: Model<DevOutboxMail>;
}

export function mailModels(connection: Connection): MailModels {
  return {
    EmailLog: modelOn(connection, 'EmailLog', emailLogSchema),
    DevOutbox: modelOn(connection, 'DevOutboxMail', devOutboxSchema),
  };
}
