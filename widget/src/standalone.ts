// Script-tag entry: bundles React and registers <iam-auth-dialog> on load. Without api-url the
// dialog talks to the server this script was loaded from.
import { defineAuthDialogElement, IamAuthDialogElement } from './element';

try {
  const src = (document.currentScript as HTMLScriptElement | null)?.src;
  if (src) IamAuthDialogElement.defaultApiUrl = new URL(src).origin;
} catch {
  // no document (a worker) or an odd script element: the page's own origin is the default
}
defineAuthDialogElement();

export { defineAuthDialogElement };
