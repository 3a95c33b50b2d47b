import { Schema, type Connection, type Types } from 'mongoose';
import { modelOn } from '../../lib/mongoose-plugins.js';

/**
 * The first-run checklist's only stored state: whether the person hid it. One document per
 * account, written only when they dismiss or restore it; everything else the checklist shows is
 * computed from the organizations' data on each read.
 */
export interface OnboardingState {
  _id: Types.ObjectId;
  user_id: Types.ObjectId;
  /** When the person hid the checklist; null after they brought it back. */
  dismissed_at: Date | null;
}

const onboardingStateSchema = new Schema<OnboardingState>(
  {
    user_id: { type: Schema.Types.ObjectId, required: true },
    dismissed_at: { type: Date, default: null },
  },
  { collection: 'onboarding_states', versionKey: false },
);
onboardingStateSchema.index({ user_id: 1 }, { unique: true });

export function onboardingStateModel(connection: Connection) {
  return modelOn(connection, 'OnboardingState', onboardingStateSchema);
}
