import { Readable, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type mongoose from 'mongoose';
import { paginateNewestFirst } from '../../lib/pagination.js';
import type { ActivityLog } from './activity.model.js';
import { EXPORT_COLUMNS, type ExportFormat } from './activity.schemas.js';

/**
 * Rows are read in keyset pages of this size (each one an indexed range query with a limit), never
 * with one open cursor over the whole result: the embedded database materialises a cursor's result
 * when it opens it, and a page this size stays below its cheap-query bound.
 */
export const EXPORT_PAGE_SIZE = 1000;

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

/**
 * Every entry matching `filter`, newest first, as an object stream. The next page is read only
 * when the consumer asks for more (Readable.from pulls from the generator), so a slow client holds
 * back the database instead of filling memory; a client that goes away ends the generator.
 */
export function activityRows<T>(
  model: mongoose.Model<ActivityLog>,
  filter: Record<string, unknown>,
  view: (entry: ActivityLog) => T,
): Readable {
  async function* pages() {
    let cursor: string | undefined;
    do {
      const page = await paginateNewestFirst(
        model,
        filter,
        { limit: EXPORT_PAGE_SIZE, cursor },
        { maxLimit: EXPORT_PAGE_SIZE },
      );
      for (const entry of page.data) yield view(entry);
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }
  return Readable.from(pages(), { objectMode: true, highWaterMark: EXPORT_PAGE_SIZE });
}

/**
 * Entries to bytes. CSV: a BOM (so spreadsheet programs read UTF-8, e.g. umlauts), a header row,
 * metadata as JSON, and cells that a spreadsheet would run as a formula (starting with = + - @,
 * tab or carriage return) prefixed with ' — a user agent or action an attacker chose must not
 * become a formula in the exporting admin's spreadsheet (CSV injection).
 */
export function exportFormatter(format: ExportFormat): Transform {
  if (format === 'csv')
    return stringify({
      bom: true,
      header: true,
      columns: EXPORT_COLUMNS as string[],
      escape_formulas: true,
      cast: { object: (value) => JSON.stringify(value) },
    });
  return new Transform({
    writableObjectMode: true,
    transform(row: unknown, _encoding, done) {
      done(null, `${JSON.stringify(row)}\n`);
    },
  });
}

/** `activity-logs-2026-11-23T07-05-00Z.csv`: sortable, and safe in every file system. */
export function exportFileName(format: ExportFormat, now = new Date()): string {
  return `activity-logs-${now.toISOString().slice(0, 19).replace(/:/g, '-')}Z.${format}`;
}
