/**
 * Script-tag build (`dist/iam-sdk.min.js`, `window.IamSdk`). With `data-application-id` on the
 * tag it initialises itself; `data-api-url` defaults to the origin the script was loaded from,
 * and any other option can be given as a data attribute (`data-flush-at="50"`,
 * `data-respect-do-not-track="true"`).
 */
import { init } from './api';

// Not the OpenID Connect client: SPAs import it from the package (ESM), so the tag stays small.
export * from './exports';

const STRING_OPTIONS = ['applicationId', 'apiUrl', 'sdkVersion'];

try {
  const script = document.currentScript as HTMLScriptElement | null;
  if (script?.dataset.applicationId) {
    const options: Record<string, unknown> = { apiUrl: script.src && new URL(script.src).origin };
    for (const [key, value] of Object.entries(script.dataset)) {
      options[key] = STRING_OPTIONS.includes(key)
        ? value
        : value === 'true' || value === 'false'
          ? value === 'true'
          : /^\d+$/.test(value!)
            ? Number(value)
            : value;
    }
    init(options as never);
  }
} catch {
  // no document (a worker) or an odd script element: nothing to initialise from
}
