import { AppError } from '../../lib/errors.js';
import { PoolUserErrors } from './pool-users.errors.js';

/** The columns an import CSV may name in its header row; `email` is required. */
export const IMPORT_CSV_COLUMNS = ['email', 'display_name', 'password_hash', 'email_verified'] as const;

/**
 * The records of an RFC 4180 CSV text: comma-separated, fields in double quotes may hold commas,
 * line breaks and doubled quotes; CRLF or LF line ends; a byte-order mark is dropped. Blank lines
 * are skipped. An unterminated quote answers 400 invalid_csv.
 */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  const endRecord = () => {
    record.push(field);
    // A line with nothing on it is no record.
    if (!(record.length === 1 && record[0] === '' && !fieldStarted)) records.push(record);
    record = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < input.length; i++) {
    const char = input[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (input[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (char === '"' && field === '') {
      quoted = true;
      fieldStarted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && input[i + 1] === '\n') i++;
      endRecord();
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted)
    throw new AppError(PoolUserErrors.INVALID_CSV, {
      message: 'The CSV ends inside a quoted field: a closing double quote is missing.',
    });
  if (field !== '' || record.length > 0 || fieldStarted) endRecord();
  return records;
}

/** Where a CSV row's problem is noted for the import (reported in `errors` like any bad row). */
export const CSV_ROW_PROBLEM = '_csv_problem';

const TRUE = new Set(['true', '1', 'yes', 'ja']);
const FALSE = new Set(['false', '0', 'no', 'nein']);

/**
 * An import CSV (header row email,display_name,password_hash,email_verified in any order, only
 * email required) as the JSON body of POST /users/import: one object per row, empty fields left
 * out, email_verified as a boolean. A row with another number of fields than the header is passed
 * on with its problem noted, so it is reported in `errors` while the other rows import.
 */
export function csvToImportBody(text: string): { users: unknown[] } {
  const [header, ...rows] = parseCsv(text);
  if (!header)
    throw new AppError(PoolUserErrors.INVALID_CSV, { message: 'The CSV is empty: a header row is missing.' });
  const columns = header.map((name) => name.trim().toLowerCase());
  const unknown = columns.filter((name) => !(IMPORT_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0 || !columns.includes('email') || new Set(columns).size !== columns.length) {
    throw new AppError(PoolUserErrors.INVALID_CSV, {
      message: `The header row must name the columns ${IMPORT_CSV_COLUMNS.join(', ')} (each at most once; email is required)${
        unknown.length > 0 ? `; unknown: ${unknown.map((name) => JSON.stringify(name)).join(', ')}` : ''
      }.`,
    });
  }
  return {
    users: rows.map((fields) => {
      const user: Record<string, unknown> = {};
      columns.forEach((column, position) => {
        const value = fields[position]?.trim();
        if (!value) return;
        if (column !== 'email_verified') user[column] = value;
        else if (TRUE.has(value.toLowerCase())) user[column] = true;
        else if (FALSE.has(value.toLowerCase())) user[column] = false;
        else user[column] = value; // reported by the row check (expected a boolean)
      });
      if (fields.length !== columns.length)
        user[CSV_ROW_PROBLEM] =
          `The row has ${fields.length} ${fields.length === 1 ? 'field' : 'fields'}; the header names ${columns.length}.`;
      return user;
    }),
  };
}
