import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';
import type { SecondFactorChange } from '../../core/second-factor.js';

/** The "this wasn't me" link of one factor notice: stored as SHA-256, usable once, for 7 days. */
export interface UndoLinkDocument {
  _id: Types.ObjectId;
  token_hash: string;
  user_id: Types.ObjectId;
  kind: SecondFactorChange['kind'];
  /** The passkey or TOTP factor the undo takes away; null for a removal (nothing left to take). */
  factor_id: Types.ObjectId | null;
  /** The passkey's name when it was added, for the confirmation page. */
  name: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

const undoLinkSchema = new Schema<UndoLinkDocument>(
  {
    token_hash: { type: String, required: true, private: true },
    user_id: { type: Schema.Types.ObjectId, required: true },
    kind: {
      type: String,
      enum: [
        'passkey_added',
        'passkey_removed',
        'totp_enabled',
        'totp_disabled',
        'recovery_codes_regenerated',
      ],
      required: true,
    },
    factor_id: { type: Schema.Types.ObjectId, default: null },
    name: { type: String, default: null },
    expires_at: { type: Date, required: true },
    used_at: { type: Date, default: null },
  },
  { collection: 'factor_change_undo_links', timestamps: { createdAt: 'created_at', updatedAt: false } },
);
undoLinkSchema.index({ token_hash: 1 }, { unique: true });
undoLinkSchema.index({ user_id: 1 });
undoLinkSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export function factorChangeModels(connection: Connection) {
  return { UndoLinks: modelOn(connection, 'FactorChangeUndoLink', undoLinkSchema) };
}
