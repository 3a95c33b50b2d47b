import { createHash } from 'node:crypto';
import { Schema, type Connection } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';
import { redactSecrets } from './redact.js';

/** A question the assistant found nothing for, counted so the guides can be improved. */
export interface UnansweredQuestion {
  /** SHA-256 of the normalised question, so the same question asked again counts up. */
  _id: string;
  question: string;
  prompt_type: string | null;
  count: number;
  first_asked_at: Date;
  last_asked_at: Date;
}

const unansweredSchema = new Schema<UnansweredQuestion>(
  {
    _id: { type: String, required: true },
    question: { type: String, required: true },
    prompt_type: { type: String, default: null },
    count: { type: Number, required: true },
    first_asked_at: { type: Date, required: true },
    last_asked_at: { type: Date, required: true },
  },
  { collection: 'assistant_unanswered_questions', versionKey: false },
);
unansweredSchema.index({ count: -1 });
/** A question nobody asked again for this long is forgotten (the list is for improving the docs). */
export const UNANSWERED_RETENTION_S = 90 * 86_400;
unansweredSchema.index({ last_asked_at: 1 }, { expireAfterSeconds: UNANSWERED_RETENTION_S });

export function unansweredQuestionModel(connection: Connection) {
  return modelOn(connection, 'AssistantUnansweredQuestion', unansweredSchema);
}

/**
 * Lower case with runs of white space as one space ("How  do I X?" and "how do i x?" count
 * together), and without the secrets and addresses people paste into questions: every token
 * format the product issues, passwords, e-mail addresses and anything random-looking are
 * replaced by a placeholder before anything is stored (redact.ts).
 */
export function normaliseQuestion(question: string): string {
  return redactSecrets(question).trim().replace(/\s+/g, ' ').toLowerCase();
}

export function questionKey(question: string): string {
  return createHash('sha256').update(normaliseQuestion(question)).digest('hex');
}
