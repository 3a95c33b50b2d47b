import { expect } from 'chai';
import { AuthClient, IamError, type KeyValueStorage } from '../src/index';
import { APP_ID, IngestServer, type Received } from './helpers';

/** An in-memory storage for the auth client's session. */
function memoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const decision = (allowed: boolean) => ({
  allowed,
  reason: allowed ? 'allowed_by_policy' : 'no_matching_policy',
  matched_policies: allowed ? [{ id: 'p1', name: 'Owners edit', effect: 'allow', scope: 'project' }] : [],
});

describe('auth client: can() (POST /api/auth/authorize)', () => {
  let server: IngestServer;
  let auth: AuthClient;
  let issued = 0;
  const checks = () => server.received.filter((request) => request.path === '/api/auth/authorize');

  beforeEach(async () => {
    server = await new IngestServer().start();
    server.respond = (request: Received) => {
      if (request.path === '/api/auth/login' || request.path === '/api/auth/refresh') {
        issued += 1;
        return {
          status: 200,
          body: {
            token: `access-${issued}`,
            refresh_token: `refresh-${issued}`,
            expires_at: Math.floor(Date.now() / 1000) + 900,
            user: { id: 'u1', email: 'ada@example.com' },
          },
        };
      }
      if (request.path === '/api/auth/authorize') {
        // Allowed: whatever names a resource owned by u1.
        const results = (
          request.body.checks as Array<{ action: string; resource: { owner_id?: string } }>
        ).map((check) => decision(check.resource.owner_id === 'u1' || check.action === 'report:read'));
        return { status: 200, body: { results } };
      }
      return { status: 200, body: { success: true } };
    };
    auth = new AuthClient({ applicationId: APP_ID, apiUrl: server.url, storage: memoryStorage() });
    await auth.login('ada@example.com', 'correct');
  });
  afterEach(() => server.stop());

  it('answers from the server with the end user’s token, and the full decision through decide()', async () => {
    expect(await auth.can('report:read')).to.equal(true);
    expect(await auth.can('document:edit', { type: 'document', id: 'd1', owner_id: 'u2' })).to.equal(false);
    const [first] = checks();
    expect(first!.headers.authorization).to.equal(`Bearer access-${issued}`);
    expect(first!.headers['x-application-id']).to.equal(APP_ID);
    expect(first!.body).to.deep.equal({ checks: [{ action: 'report:read', resource: {} }] });
    expect(await auth.decide('document:edit', { owner_id: 'u1' })).to.deep.equal(decision(true));
  });

  it('sends the checks of one tick as one batch, and keeps decisions for 30 s per action and resource', async () => {
    const rows = ['u1', 'u2', 'u1', 'u3'].map((owner, i) => ({
      type: 'document',
      id: `d${i}`,
      owner_id: owner,
    }));
    const answers = await Promise.all(rows.map((row) => auth.can('document:edit', row)));
    expect(answers).to.deep.equal([true, false, true, false]);
    expect(checks()).to.have.length(1);
    expect(checks()[0]!.body.checks).to.have.length(4);
    // The same questions again (keys in another order count as the same resource): no request.
    const again = await Promise.all(
      rows.map((row) => auth.can('document:edit', { owner_id: row.owner_id, id: row.id, type: row.type })),
    );
    expect(again).to.deep.equal(answers);
    expect(checks()).to.have.length(1);
    // 150 checks at once: two requests (the server takes 100 per request).
    await Promise.all(Array.from({ length: 150 }, (_, i) => auth.can('report:read', { id: `r${i}` })));
    expect(
      checks()
        .slice(1)
        .map((request) => request.body.checks.length),
    ).to.deep.equal([100, 50]);
  });

  it('forgets its decisions when the session changes (refresh, sign-in, sign-out)', async () => {
    await auth.can('report:read');
    await auth.refresh();
    await auth.can('report:read');
    expect(checks()).to.have.length(2);
    expect(checks()[1]!.headers.authorization).to.equal(`Bearer access-${issued}`);
    auth.signOut();
    const signedOut = await auth.can('report:read').catch((error: unknown) => error);
    expect(signedOut).to.be.instanceOf(IamError);
    expect((signedOut as IamError).code).to.equal('not_signed_in');
    await auth.login('ada@example.com', 'correct');
    await auth.can('report:read');
    expect(checks()).to.have.length(3);
  });

  it('does not remember a failed check', async () => {
    const respond = server.respond;
    server.respond = (request, index) =>
      request.path === '/api/auth/authorize'
        ? { status: 503, body: { error: 'busy', code: 'server_busy' } }
        : respond(request, index);
    const failed = await auth.can('report:read').catch((error: unknown) => error);
    expect((failed as IamError).status).to.equal(503);
    server.respond = respond;
    expect(await auth.can('report:read')).to.equal(true);
  });
});
