/**
 * Access tokens whose signature and claims this process has already verified (docs/performance.md):
 * checking an ES256 signature is the largest single cost of a JWT request, and a client sends the
 * same token many times within its 15 minutes. Keyed by the exact token string, so a token that
 * differs in any byte — another signature on the same claims — is a miss and is verified in full.
 * Only verification is skipped: the session, the user and the pool are still checked per request.
 *
 * Bounded (least recently used goes first) and per signing key: the cache belongs to the key's
 * `SigningKeys`, so a retired key takes its entries with it. An entry is never used at or after the
 * token's `exp` (the same instant jsonwebtoken refuses it).
 */
export class VerifiedTokens<Claims extends { exp: number }> {
  private readonly entries = new Map<string, Claims>();

  constructor(
    private readonly capacity: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The claims verified for `token`, `'expired'` once its `exp` is reached, or undefined. */
  get(token: string): Claims | 'expired' | undefined {
    const claims = this.entries.get(token);
    if (claims === undefined) return undefined;
    this.entries.delete(token);
    if (Math.floor(this.now() / 1000) >= claims.exp) return 'expired';
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.set(token, claims);
    return claims;
  }

  set(token: string, claims: Claims): void {
    if (this.entries.size >= this.capacity) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(token, claims);
  }

  get size(): number {
    return this.entries.size;
  }
}
