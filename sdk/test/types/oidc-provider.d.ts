/**
 * oidc-provider 9 ships no types; the tests use it as its documentation describes (the provider,
 * its interaction helpers, Grant). Loose on purpose: it plays the other side of the protocol.
 */
declare module 'oidc-provider' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const Provider: new (issuer: string, configuration: Record<string, unknown>) => any;
  export default Provider;
}
