import type { AlertHistoryEntry } from '../../components/alerts/queries';

/** RFC 4180 quoting; a cell starting with = + - @ is prefixed with ' (no formulas in spreadsheets). */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value !== 'number') text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const COLUMNS = [
  'at',
  'kind',
  'from_state',
  'to_state',
  'value',
  'samples',
  'comparator',
  'threshold',
  'emails',
  'webhook',
  'suppressed',
] as const;

/** The history as the server's CSV exports look: UTF-8 with a byte order mark and a header row. */
export function historyCsv(entries: AlertHistoryEntry[]): Blob {
  const rows = entries.map((entry) =>
    [
      entry.at,
      entry.kind,
      entry.from_state,
      entry.to_state,
      entry.value,
      entry.samples,
      entry.comparator,
      entry.threshold,
      entry.notified.emails,
      entry.notified.webhook,
      entry.notified.suppressed,
    ]
      .map(cell)
      .join(','),
  );
  return new Blob(['\ufeff', [COLUMNS.join(','), ...rows].join('\r\n'), '\r\n'], {
    type: 'text/csv;charset=utf-8',
  });
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
