/** Console output of the SDK. It must never be the reason the host page breaks. */
export function warn(message: string): void {
  try {
    console.warn(`[iam-sdk] ${message}`);
  } catch {
    // A host page may have replaced console with something that throws.
  }
}
