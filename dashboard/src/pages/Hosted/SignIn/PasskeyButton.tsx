import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { authenticateWithPasskey } from '../../../components/auth/passkeys';
import { useT } from '../../../i18n/useT';
import { Button } from '../../../ui/Button';
import type { SignInAnswer } from '../api';
import { useHosted } from '../context';

/**
 * "Mit Passkey anmelden" (when the pool offers passkeys and the browser can use them): the
 * server's options, the browser's prompt, where the person picks one of their passkeys for this
 * site, and the session. The passkey is both factors, so there is no second step; a failure (also
 * a cancelled prompt) goes to `onError`.
 */
export function PasskeyButton({
  onAnswer,
  onStart,
  onError,
}: {
  onAnswer(answer: SignInAnswer): Promise<void>;
  /** A new try: the page clears what it said about the last one. */
  onStart(): void;
  onError(failure: unknown): void;
}) {
  const t = useT();
  const { embedding } = useHosted();
  const signIn = useMutation({
    mutationFn: async () => {
      const response = await authenticateWithPasskey(await embedding.passkeySignInOptions());
      await onAnswer(await embedding.passkeySignIn(response));
    },
    onError,
  });
  return (
    <Button
      type="button"
      $variant="secondary"
      $block
      disabled={signIn.isPending}
      aria-busy={signIn.isPending || undefined}
      onClick={() => {
        onStart();
        signIn.mutate();
      }}
    >
      <KeyRound aria-hidden="true" size={16} />
      {t('auth.passkey.signIn')}
    </Button>
  );
}
