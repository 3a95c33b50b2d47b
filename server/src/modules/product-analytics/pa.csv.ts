import type { Response } from 'express';
import { stringify } from 'csv-stringify/sync';

type Row = Record<string, unknown>;

/**
 * A table as a CSV download: UTF-8 with BOM (spreadsheets read umlauts right), a header row, RFC
 * 4180 quoting, and cells a spreadsheet would run as a formula prefixed with ' (paths, referrers
 * and event names are what visitors and SDKs chose).
 */
export function sendCsv(res: Response, name: string, rows: Row[], columns?: string[]): void {
  const header = columns ?? Object.keys(rows[0] ?? {});
  const body = stringify(rows, {
    bom: true,
    header: true,
    columns: header,
    escape_formulas: true,
    cast: { object: (value) => JSON.stringify(value) },
  });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, '-');
  res.attachment(`analytics-${name}-${stamp}Z.csv`);
  res.type('text/csv; charset=utf-8');
  res.send(body);
}

/** The retention grid flattened: one row per cohort, one column per period after it. */
export function retentionRows(result: {
  cohorts: Array<{ start: string; size: number; returned: number[] }>;
  periods: number;
}) {
  const columns = ['start', 'size', ...Array.from({ length: result.periods }, (_unused, k) => `period_${k}`)];
  const rows = result.cohorts.map((cohort) => {
    const row: Row = { start: cohort.start, size: cohort.size };
    cohort.returned.forEach((value, k) => (row[`period_${k}`] = value));
    return row;
  });
  return { rows, columns };
}
