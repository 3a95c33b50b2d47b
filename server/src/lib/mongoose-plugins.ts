import type { Connection, Model, Schema, Types } from 'mongoose';
import { AppError, type ErrorDefinition } from './errors.js';

/**
 * Applied to every schema: JSON output exposes `id` (string) instead of `_id`/`__v`, and drops
 * fields marked `private: true` in the schema definition (hashes, secrets), so a document can
 * never leak them through `res.json`.
 */
export function toJSONPlugin(schema: Schema): void {
  const privatePaths = Object.entries(schema.paths)
    .filter(([, schemaType]) => (schemaType.options as { private?: boolean }).private === true)
    .map(([name]) => name);
  schema.set('toJSON', {
    virtuals: false,
    versionKey: false,
    transform: (_doc, ret: Record<string, unknown>) => {
      if (ret._id !== undefined) {
        ret.id = String(ret._id);
        delete ret._id;
      }
      for (const name of privatePaths) delete ret[name];
      return ret;
    },
  });
}

/** Registers a model on a connection once; later calls return the same model. */
export function modelOn<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}

/** MongoDB's duplicate-key error (E11000): a unique index refused the write. */
export function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: number } | null)?.code === 11000;
}

/**
 * `$set` on one active (`is_active: true`) document, returning it as updated. Throws `notFound`
 * when it is gone or deactivated, and `duplicate` when a unique index (a slug) refuses the change.
 */
export async function updateActiveById<T>(
  model: Model<T>,
  id: Types.ObjectId,
  set: Record<string, unknown>,
  errors: { notFound: ErrorDefinition; duplicate: ErrorDefinition },
): Promise<T> {
  try {
    const updated = await model
      .findOneAndUpdate({ _id: id, is_active: true }, { $set: set }, { returnDocument: 'after' })
      .lean<T>();
    if (!updated) throw new AppError(errors.notFound);
    return updated;
  } catch (error) {
    if (isDuplicateKey(error)) throw new AppError(errors.duplicate);
    throw error;
  }
}
