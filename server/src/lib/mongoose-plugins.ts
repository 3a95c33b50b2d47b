import type { Connection, Model, Schema } from 'mongoose';

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
