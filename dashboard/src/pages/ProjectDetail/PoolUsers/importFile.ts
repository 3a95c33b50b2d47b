import type { ImportFile } from './queries';

/** What the dialog knows of a chosen file before sending it: the body, or why it cannot be sent. */
export type ReadImport =
  | { ok: true; file: ImportFile; count: number | null }
  | { ok: false; problem: 'empty' | 'invalidJson' | 'noUsers' | 'unknownType' };

/**
 * Reads a chosen file as the import route takes it: a JSON list, or the `users` of a JSON object;
 * CSV as it is (the server reads the header row). JSON is counted here; a CSV's rows
 * only the server knows for sure (quoted fields may hold line breaks).
 */
export function readImportFile(name: string, type: string, text: string): ReadImport {
  const content = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!content.trim()) return { ok: false, problem: 'empty' };
  const lowerName = name.toLowerCase();
  const isCsv = lowerName.endsWith('.csv') || type === 'text/csv' || type === 'application/vnd.ms-excel';
  const isJson = lowerName.endsWith('.json') || type === 'application/json';
  if (isCsv) return { ok: true, file: { format: 'csv', content }, count: null };
  if (!isJson) return { ok: false, problem: 'unknownType' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return { ok: false, problem: 'invalidJson' };
  }
  const users = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object' && Array.isArray((parsed as { users?: unknown }).users)
      ? (parsed as { users: unknown[] }).users
      : null;
  if (!users) return { ok: false, problem: 'noUsers' };
  return { ok: true, file: { format: 'json', users }, count: users.length };
}
