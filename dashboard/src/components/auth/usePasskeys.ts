import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ApiClient } from '../../api/client';
import { registerPasskey, type Passkey } from './passkeys';

export const PASSKEYS_KEY = ['passkeys'] as const;

export type PasskeyProof = { password: string } | { code: string };

/**
 * The signed-in user's passkeys, oldest first; fetched afresh on each visit ("last used").
 * `client` is the session's API client (the dashboard's unless given; a hosted account page
 * brings its own, under its own QueryClient).
 */
export function usePasskeys(client: ApiClient = api) {
  return useQuery({
    queryKey: PASSKEYS_KEY,
    staleTime: 0,
    queryFn: async () => unwrap(await client.GET('/api/v1/auth/mfa/passkeys')).data,
  });
}

/**
 * After a change the list is loaded again, and `onChange` runs: the page reloads /auth/me there,
 * whose two-factor status depends on whether a passkey is left.
 */
function useAfterChange(onChange?: () => unknown) {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    await Promise.resolve(onChange?.()).catch(() => undefined);
  };
}

export function useAddPasskey(onChange?: () => unknown, client: ApiClient = api) {
  const afterChange = useAfterChange(onChange);
  return useMutation({
    mutationFn: (name: string) => registerPasskey(name, client),
    onSuccess: afterChange,
  });
}

export function useRenamePasskey(onChange?: () => unknown, client: ApiClient = api) {
  const afterChange = useAfterChange(onChange);
  return useMutation({
    mutationFn: async ({ passkey, name }: { passkey: Passkey; name: string }) =>
      unwrap(
        await client.PATCH('/api/v1/auth/mfa/passkeys/{id}', {
          params: { path: { id: passkey.id } },
          body: { name },
        }),
      ),
    onSuccess: afterChange,
  });
}

export function useRemovePasskey(onChange?: () => unknown, client: ApiClient = api) {
  const afterChange = useAfterChange(onChange);
  return useMutation({
    mutationFn: async ({ passkey, proof }: { passkey: Passkey; proof: PasskeyProof }) => {
      const result = await client.DELETE('/api/v1/auth/mfa/passkeys/{id}', {
        params: { path: { id: passkey.id } },
        body: proof,
      });
      if (!result.response.ok) unwrap(result);
    },
    onSuccess: afterChange,
  });
}
