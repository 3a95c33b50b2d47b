/**
 * Console output of the SDK. It must never be the reason the host page breaks. `error` for what
 * stops the SDK from working until someone changes a setting (a refused origin).
 */
export function warn(message: string, level: 'warn' | 'error' = 'warn'): void {
  try {
    console[level](`[iam-sdk] ${message}`);
  } catch {
    // A host page may have replaced console with something that throws.
  }
}
