import { useEffect, useState } from 'react';
import type { AuthClient } from '@iam-platform/sdk';
import { format, type Messages } from './i18n';

/**
 * Issue #36 item 4: on a site whose origin the application does not allow, every call of the
 * dialog fails, and without this it would look fine until the first submit. At start-up the
 * dialog asks the origin check (a simple request any origin may read; the SDK asks once per page
 * and writes the console message) and, when refused, says on screen which origin to add and where.
 * On the API's own origin (the platform's demo) the client answers without asking.
 */
export function useRefusedOrigin(client: AuthClient): string | null {
  // Kept with the client it is about: another client (application, server) starts unrefused.
  const [refused, setRefused] = useState<{ client: AuthClient; origin: string } | null>(null);
  useEffect(() => {
    let current = true;
    void client.checkOrigin().then((check) => {
      if (current && check.allowed === false) setRefused({ client, origin: check.origin });
    });
    return () => {
      current = false;
    };
  }, [client]);
  return refused?.client === client ? refused.origin : null;
}

/**
 * What the dialog shows above its form while the site's origin is refused: a polite live region
 * (`status`), so that a failed submit's own `alert` stays the one alert.
 */
export function OriginNotice({ origin, t }: { origin: string; t: Messages }) {
  const [before, after = ''] = format(t.originRefused, '\u0000').split('\u0000');
  return (
    <div className="iam-alert iam-origin" part="alert" role="status">
      <strong>{t.originRefusedTitle}</strong>
      <p>
        {before}
        <code>{origin}</code>
        {after}
      </p>
    </div>
  );
}
