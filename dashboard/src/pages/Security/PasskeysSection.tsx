import { PasskeyList } from '../../components/auth/PasskeyList';
import { reloadUser } from '../../stores/session';

/** Reloads /auth/me after a change: a passkey is a second factor for the organization policy too. */
const refreshStatus = () => reloadUser().catch(() => undefined);

/** The "Passkeys" section's content: the account's passkeys (list, add, rename, remove). */
export function PasskeysSection() {
  return <PasskeyList heading={false} onChange={refreshStatus} />;
}
