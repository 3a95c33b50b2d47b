import type { AccountKit } from './account-kit.js';
import type { AuthService } from './auth.types.js';

/**
 * The hosted pages' single-use sign-in codes (the embedding module's POST /api/auth/hosted/code and
 * /hosted/token): one-time tokens of their own purpose, so the Google callback's exchange never
 * takes one and one of these never opens the dashboard.
 */
export function createHostedCodes(kit: AccountKit): Pick<AuthService, 'hostedCodes'> {
  const { oneTime } = kit;
  const answer = (token: { userId: string | null; payload: string | null } | null) =>
    token?.userId && token.payload !== null ? { userId: token.userId, binding: token.payload } : null;
  return {
    hostedCodes: {
      issue: (userId, binding) => oneTime.issue('hosted_code', userId, binding),
      peek: async (code) => answer(await oneTime.peek('hosted_code', code)),
      consume: async (code) => answer(await oneTime.consume('hosted_code', code)),
    },
  };
}
