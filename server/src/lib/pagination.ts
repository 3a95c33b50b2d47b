import mongoose, { Types } from 'mongoose';
import { AppError, CommonErrors } from './errors.js';
import { z } from './openapi.js';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** `limit` and `cursor` query parameters shared by every list route. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE).optional(),
  cursor: z.string().max(200).optional().openapi({ description: 'The next_cursor of the previous page.' }),
});

export function listSchema<T extends z.ZodType>(item: T, name: string) {
  return z
    .object({
      data: z.array(item),
      next_cursor: z
        .string()
        .nullable()
        .openapi({ description: 'Pass as `cursor` for the next page; null on the last page.' }),
    })
    .openapi(name);
}

interface CursorPosition {
  createdAt: Date;
  id: Types.ObjectId;
}

export function encodeCursor(position: { createdAt: Date; id: Types.ObjectId }): string {
  return Buffer.from(`${position.createdAt.toISOString()}|${position.id.toHexString()}`).toString(
    'base64url',
  );
}

/** A `cursor` query parameter's position; 400 validation_failed when it is not one of ours. */
export function decodeCursor(cursor: string): CursorPosition {
  const [time, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (!id || !Types.ObjectId.isValid(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError(CommonErrors.VALIDATION_FAILED, { message: 'query.cursor: The cursor is not valid.' });
  }
  return { createdAt, id: new Types.ObjectId(id) };
}

export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * Newest-first keyset pagination on (created_at, _id): stable while rows are added, and each
 * page is one indexed range query however deep the client pages.
 */
export function paginateNewestFirst<T extends { _id: Types.ObjectId; created_at: Date }>(
  model: mongoose.Model<T>,
  filter: Record<string, unknown>,
  options: { limit?: number; cursor?: string },
  bounds: { defaultLimit?: number; maxLimit?: number } = {},
): Promise<Page<T>> {
  return paginateNewestBy(model, 'created_at', filter, options, bounds);
}

/**
 * paginateNewestFirst on another date field, e.g. `last_seen_at`. When the field changes while
 * a client pages (a row seen again), that row may move to a page already read; an index on
 * (filter fields, field, _id) keeps each page one range query.
 */
export async function paginateNewestBy<F extends string, T extends { _id: Types.ObjectId } & Record<F, Date>>(
  model: mongoose.Model<T>,
  field: F,
  filter: Record<string, unknown>,
  options: { limit?: number; cursor?: string },
  bounds: { defaultLimit?: number; maxLimit?: number } = {},
): Promise<Page<T>> {
  const limit = Math.min(
    options.limit ?? bounds.defaultLimit ?? DEFAULT_PAGE_SIZE,
    bounds.maxLimit ?? MAX_PAGE_SIZE,
  );
  let query: Record<string, unknown> = filter;
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    // Our own operators: trusted, so the global sanitizeFilter keeps them.
    const beforeCursor = {
      $or: [
        { [field]: mongoose.trusted({ $lt: after.createdAt }) },
        { [field]: after.createdAt, _id: mongoose.trusted({ $lt: after.id }) },
      ],
    };
    // The $or alone gives the planner no bound on the field, so each page would scan the index from
    // the newest row; the redundant $lte starts the scan at the cursor (one range per page).
    query = { $and: [filter, { [field]: mongoose.trusted({ $lte: after.createdAt }) }, beforeCursor] };
  }
  const rows = (await model
    .find(query)
    .sort({ [field]: -1, _id: -1 })
    .limit(limit + 1)
    .lean()) as T[];
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data[data.length - 1];
  return {
    data,
    next_cursor: hasMore && last ? encodeCursor({ createdAt: last[field], id: last._id }) : null,
  };
}
