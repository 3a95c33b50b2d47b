import type { Request } from 'express';

const SDK_VERSION_HEADER = 'X-SDK-Version';

/** The X-SDK-Version header as recorded: printable ASCII, at most 64 characters; null otherwise. */
export function sdkVersionOf(req: Request): string | null {
  const value = req.get(SDK_VERSION_HEADER)?.trim();
  return value && /^[\x20-\x7e]{1,64}$/.test(value) ? value : null;
}
