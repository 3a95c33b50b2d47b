// Quick start: Auth.js (Next.js, SvelteKit, Express …) signs users in with IAM Platform.
// The provider is Auth.js's generic OpenID Connect provider (`type: 'oidc'`): discovery from the
// issuer, code + PKCE (S256), a confidential client with client_secret_basic.
//
// .env.local
//   AUTH_SECRET=<npx auth secret>
//   AUTH_IAM_PLATFORM_ISSUER=https://iam.example.com/oidc/<project id>
//   AUTH_IAM_PLATFORM_ID=<application id>
//   AUTH_IAM_PLATFORM_SECRET=<client secret>
//
// Register on the application's "OpenID Connect" tab: client type "web", redirect URI
// {your site}/api/auth/callback/iam-platform.
type Env = Record<string, string | undefined>;

// In Next.js: `export const { handlers, auth, signIn, signOut } = NextAuth(authConfig())` (auth.ts).
export function authConfig(env: Env = process.env) {
  return {
    providers: [
      {
        id: 'iam-platform',
        name: 'IAM Platform',
        type: 'oidc' as const,
        issuer: env.AUTH_IAM_PLATFORM_ISSUER,
        clientId: env.AUTH_IAM_PLATFORM_ID,
        clientSecret: env.AUTH_IAM_PLATFORM_SECRET,
        // PKCE (which IAM Platform requires) plus state and nonce.
        checks: ['pkce', 'state', 'nonce'] satisfies Array<'pkce' | 'state' | 'nonce'>,
        // The ID token carries the profile (email, email_verified, name, locale): Auth.js reads it
        // from there.
      },
    ],
  };
}
