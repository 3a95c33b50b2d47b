import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';

interface Operation {
  requestBody?: unknown;
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Routes that take no JSON body although they change state: the path says it all. */
const BODYLESS_WRITES = new Set([
  'POST /api/v1/auth/logout',
  'POST /api/v1/verify',
  'POST /api/v1/onboarding/dismissal',
  'POST /api/v1/organizations/{id}/deactivate',
  'POST /api/v1/organizations/{id}/activate',
  'POST /api/v1/projects/{id}/deactivate',
  'POST /api/v1/tokens/{id}/revoke',
  'POST /api/auth/verify',
  'POST /api/auth/permissions',
  'POST /api/auth/logout',
  'POST /api/v1/email-templates/{id}/reset',
  'POST /api/v1/applications/{id}/email-templates/copy-system',
  'POST /api/v1/webhooks/{id}/test',
  'POST /api/v1/alerts/{id}/test',
  'POST /api/v1/webhooks/deliveries/{id}/redeliver',
  // Starts a TOTP enrolment for the caller: nothing to send.
  'POST /api/v1/auth/mfa/totp',
  // Passkey ceremonies' options: a new challenge for the caller, or for a passwordless sign-in.
  'POST /api/v1/auth/mfa/passkeys/options',
  'POST /api/v1/auth/passkeys/sign-in/options',
  'POST /api/auth/passkeys/sign-in/options',
  'POST /api/v1/auth/reauthenticate/passkey-options',
  // Answering an invitation: the path names it and the caller is the invited person.
  'POST /api/v1/invitations/{id}/accept',
  'POST /api/v1/invitations/{id}/decline',
  // Mails the signed-in, password-less caller a deletion link: nothing to send.
  'POST /api/v1/auth/me/deletion-confirmations',
  // What a pool's admins do to one of its users: the path names the user and the action.
  'POST /api/v1/projects/{project_id}/users/{user_id}/block',
  'POST /api/v1/projects/{project_id}/users/{user_id}/unblock',
  'POST /api/v1/projects/{project_id}/users/{user_id}/sign-out',
  'POST /api/v1/projects/{project_id}/users/{user_id}/second-factor/reset',
  'POST /api/v1/projects/{project_id}/users/{user_id}/password-reset',
]);

describe('OpenAPI document completeness', () => {
  let ctx: TestContext;
  let operations: Array<[string, Operation]>;

  before(async () => {
    ctx = await createTestContext();
    const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
      ),
    );
  });
  after(() => ctx.close());

  it('documents a response schema for every successful response (JSON, or a download’s type)', () => {
    const missing = operations.flatMap(([name, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^2\d\d$/.test(status) && status !== '204')
        .filter(([, response]) => !Object.values(response.content ?? {}).some((media) => media.schema))
        .map(([status]) => `${name} ${status}`),
    );
    expect(missing).to.deep.equal([]);
  });

  it('documents the request body of every POST, PATCH and PUT that takes one', () => {
    const missing = operations
      .filter(([name]) => /^(POST|PATCH|PUT) /.test(name) && !BODYLESS_WRITES.has(name))
      .filter(([, operation]) => !operation.requestBody)
      .map(([name]) => name);
    expect(missing).to.deep.equal([]);
  });

  it('declares the X-Application-ID header on every embedding route', () => {
    const missing = operations
      // The origin check is a simple request (no custom headers): it takes ?application_id= instead.
      // A pool's Google sign-in starts and returns by browser navigations: ?client_id= and the state.
      .filter(
        ([name]) =>
          name.includes(' /api/auth/') &&
          ![
            'GET /api/auth/origin-check',
            'GET /api/auth/google/start',
            'GET /api/auth/google/callback',
          ].includes(name),
      )
      .filter(
        ([, operation]) =>
          !operation.parameters?.some(
            (p) => p.in === 'header' && p.name.toLowerCase() === 'x-application-id',
          ),
      )
      .map(([name]) => name);
    expect(missing).to.deep.equal([]);
  });

  it('documents every path parameter', () => {
    const missing = operations.flatMap(([name, operation]) =>
      [...name.matchAll(/\{(\w+)\}/g)]
        .map((match) => match[1]!)
        .filter((param) => !operation.parameters?.some((p) => p.in === 'path' && p.name === param))
        .map((param) => `${name} {${param}}`),
    );
    expect(missing).to.deep.equal([]);
  });
});
