import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { bearer, signedInUser } from '../auth/helpers.js';
import { signedInEndUser } from '../helpers/end-users.js';
import { startOidcServer, type OidcTestServer } from '../oidc/helpers.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  createToken,
  type User,
} from '../projects/helpers.js';
import { PYTHON, repoRoot, requirePython } from '../tracking-python/helpers.js';
import { endpointChecker } from '../../src/modules/assistant/safe-answer.js';
import { listOperations, type OpenApiDocument } from '../../src/modules/assistant/openapi-operations.js';

interface Snippet {
  kind: string;
  title: string;
  language: string;
  filename: string;
  code: string;
  explanation: string[];
  source: { title: string; url: string };
  endpoints: string[];
}
interface SnippetList {
  application_id: string;
  api_url: string;
  allowed_origins: string[];
  data: Snippet[];
}

const KINDS = ['widget', 'sdk', 'python', 'token-check', 'oidc'];
const ORIGIN = 'https://shop.example.com';

/**
 * Integration code for an application (issue #36, "AI-assisted coding suggestions"): who may ask
 * for it, that it names this application and this server, that every API path in it is in the
 * OpenAPI document, and that the code runs — the token check and the OpenID Connect discovery with
 * node, the Python client with python3 — against this server on a loopback port (PUBLIC_URL).
 * The browser snippets (widget, SDK) run in Chromium in test/e2e/integration-snippets.test.ts.
 */
describe('integration snippets: GET /api/v1/applications/{id}/snippets', function () {
  this.timeout(120_000);
  let t: OidcTestServer;
  let owner: User;
  let applicationId: string;
  let organizationId: string;
  let scratch: string;

  const get = (token: string | null, id = applicationId, query = '') => {
    const request = t.ctx.request.get(`/api/v1/applications/${id}/snippets${query}`);
    return token ? request.set(bearer(token)) : request;
  };
  const snippets = async (query = '') => {
    const response = await get(owner.access_token, applicationId, query);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body as SnippetList;
  };
  const snippet = async (kind: string) => (await snippets(`?kind=${kind}`)).data[0]!;

  /** Runs the code in a child process, asynchronously: the server answering it is this process. */
  function run(command: string, args: string[], env: Record<string, string> = {}) {
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        command,
        args,
        { cwd: scratch, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
      );
    });
  }

  before(async () => {
    t = await startOidcServer({ INGEST_RATE_LIMIT_PER_IP: '100000' });
    owner = await signedInUser(t.ctx, 'snippets-owner');
    organizationId = await createOrganization(t.ctx, owner);
    const project = await createProject(t.ctx, owner, organizationId);
    applicationId = (
      await createApplication(t.ctx, owner, project.id, { name: 'Shop', allowed_origins: [ORIGIN] })
    ).id;
    scratch = await mkdtemp(path.join(tmpdir(), 'iam-snippets-'));
    // The OIDC snippet imports openid-client, as after `npm install openid-client`.
    await symlink(path.join(repoRoot, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
  });
  after(async () => {
    await t?.close();
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  describe('who may ask', () => {
    it('members of the application’s organization: the owner and a plain member', async () => {
      expect((await get(owner.access_token)).status).to.equal(200);
      const member = await signedInUser(t.ctx, 'snippets-member');
      await addMember(t.ctx, owner, organizationId, member, 'member');
      const answer = await get(member.access_token);
      expect(answer.status).to.equal(200);
      expect(answer.body.application_id).to.equal(applicationId);
    });

    it('nobody else: anonymous 401, another organization 404, API tokens 403, another pool’s end user refused', async () => {
      expect((await get(null)).status).to.equal(401);
      const stranger = await signedInUser(t.ctx, 'snippets-stranger');
      await createOrganization(t.ctx, stranger);
      const other = await get(stranger.access_token);
      expect(other.status).to.equal(404);
      expect(JSON.stringify(other.body)).to.not.contain(applicationId);

      const token = await createToken(t.ctx, owner, applicationId, ['read']);
      const byToken = await get(token);
      expect(byToken.status).to.equal(403);
      expect(byToken.body.code).to.equal('token_not_allowed');

      // An end user of the application's own pool, and of another project's pool.
      const endUser = await signedInEndUser(t.ctx, applicationId, { prefix: 'snippets-end' });
      const otherProject = await createProject(t.ctx, stranger, await createOrganization(t.ctx, stranger));
      const otherApp = await createApplication(t.ctx, stranger, otherProject.id);
      const otherEndUser = await signedInEndUser(t.ctx, otherApp.id, { prefix: 'snippets-other-end' });
      for (const session of [endUser, otherEndUser]) {
        const refused = await get(session.token);
        expect(refused.status, JSON.stringify(refused.body)).to.be.oneOf([401, 403]);
        expect(JSON.stringify(refused.body)).to.not.contain('iam-auth-dialog');
      }
    });

    it('bad input is 400, an unknown id 404', async () => {
      expect((await get(owner.access_token, applicationId, '?kind=php')).status).to.equal(400);
      expect((await get(owner.access_token, applicationId, '?locale=fr')).status).to.equal(400);
      expect((await get(owner.access_token, 'not-an-id')).status).to.equal(400);
      expect((await get(owner.access_token, '65f0c0ffee0000000000abcd')).status).to.equal(404);
    });
  });

  describe('what they say', () => {
    it('every kind, with this application’s id, this server’s URL and its allowed origins filled in', async () => {
      const list = await snippets();
      expect(list.data.map((entry) => entry.kind)).to.deep.equal(KINDS);
      expect(list.api_url).to.equal(t.baseUrl);
      expect(list.allowed_origins).to.deep.equal([ORIGIN]);
      for (const entry of list.data) {
        expect(entry.code, entry.kind).to.contain(applicationId);
        expect(entry.code, entry.kind).to.not.match(/65f0c0ffee|iam\.example\.com|<application id>/);
        expect(entry.source.url, entry.kind).to.match(/^\/docs#[a-z0-9-]+$/);
        expect(entry.source.title, entry.kind).to.not.equal('');
      }
      for (const kind of ['widget', 'sdk', 'python', 'token-check'])
        expect(list.data.find((entry) => entry.kind === kind)!.code, kind).to.contain(t.baseUrl);
      for (const kind of ['widget', 'sdk'])
        expect(list.data.find((entry) => entry.kind === kind)!.code, kind).to.contain(ORIGIN);
      expect(list.data.find((entry) => entry.kind === 'oidc')!.code).to.contain(`${t.baseUrl}/oidc/`);
    });

    it('every API path in the code is an operation of the OpenAPI document; /cdn files exist', async () => {
      const document = (await t.ctx.request.get('/api/v1/openapi.json').expect(200)).body as OpenApiDocument;
      const isKnown = endpointChecker(listOperations(document));
      const list = await snippets();
      let checked = 0;
      for (const entry of list.data) {
        for (const endpoint of entry.endpoints) {
          const [method, route] = endpoint.split(' ') as [string, string];
          expect(isKnown(method, route), `${entry.kind}: ${endpoint}`).to.equal(true);
          checked += 1;
        }
        // Paths written in the code itself: /api/… and /functions/… must be operations (any method
        // the code names, else the one declared); /cdn/… must be served.
        for (const match of entry.code.matchAll(/\/(?:api|functions)\/[\w/{}-]+/g)) {
          const route = match[0];
          const declared = entry.endpoints.find((endpoint) => endpoint.endsWith(` ${route}`));
          expect(declared, `${entry.kind} declares ${route}`).to.exist;
          checked += 1;
        }
        for (const match of entry.code.matchAll(/\/cdn\/[\w./-]+/g)) {
          if (match[0].endsWith('.js')) continue; // JS bundles exist after the build: checked in the e2e test
          const response = await t.ctx.request.get(match[0]);
          expect(response.status, `${entry.kind}: ${match[0]}`).to.equal(200);
          checked += 1;
        }
      }
      expect(checked).to.be.at.least(7);
    });

    it('German titles and explanations with locale=de, the same code', async () => {
      const english = await snippets();
      const german = await snippets('?locale=de');
      expect(german.data.map((entry) => entry.code)).to.deep.equal(english.data.map((entry) => entry.code));
      expect(german.data.find((entry) => entry.kind === 'widget')!.title).to.equal(
        'Anmeldedialog (Script-Tag)',
      );
      expect(german.data.find((entry) => entry.kind === 'sdk')!.explanation.join(' ')).to.contain(
        'erlaubten Ursprünge',
      );
    });

    it('an application without allowed origins is told to add one first', async () => {
      const project = await createProject(t.ctx, owner, organizationId);
      const bare = await createApplication(t.ctx, owner, project.id);
      const response = await get(owner.access_token, bare.id, '?kind=widget');
      expect(response.body.data[0].explanation.join(' ')).to.contain('allows no browser origin yet');
      expect(response.body.data[0].code).to.contain("Add this page's origin");
    });
  });

  describe('the code runs against this server', () => {
    it('token check (node): accepts the end user’s access token and names them; refuses a bad one', async () => {
      const code = (await snippet('token-check')).code;
      await writeFile(path.join(scratch, 'verify-token.mjs'), code);
      const endUser = await signedInEndUser(t.ctx, applicationId, { prefix: 'snippets-verify' });
      const accepted = await run(process.execPath, ['verify-token.mjs'], { ACCESS_TOKEN: endUser.token });
      expect(accepted.code, accepted.stderr).to.equal(0);
      expect(accepted.stdout).to.contain(`token of ${endUser.email} for application ${applicationId}`);
      const refused = await run(process.execPath, ['verify-token.mjs'], { ACCESS_TOKEN: 'not-a-token' });
      expect(refused.code).to.equal(1);
      expect(refused.stderr).to.contain('token refused: 401');
    });

    it('Python client (python3): the installation and the event arrive', async () => {
      requirePython();
      const code = (await snippet('python')).code;
      // As its first line says: the client downloaded from this server.
      const client = await fetch(`${t.baseUrl}/cdn/sdk/iam_sdk.py`);
      expect(client.status).to.equal(200);
      await writeFile(path.join(scratch, 'iam_sdk.py'), await client.text());
      await writeFile(path.join(scratch, 'track.py'), code);
      const result = await run(PYTHON, ['track.py']);
      expect(result.code, result.stderr).to.equal(0);
      expect(result.stdout.trim()).to.equal('accepted: 2');
      const installations = await t.ctx.request
        .get(`/api/v1/installations?application_id=${applicationId}`)
        .set(bearer(owner.access_token));
      expect(installations.status, JSON.stringify(installations.body)).to.equal(200);
      expect(installations.body.data).to.have.length(1);
    });

    it('OpenID Connect (node + openid-client): discovers this project’s issuer and builds the sign-in URL', async () => {
      const entry = await snippet('oidc');
      await writeFile(path.join(scratch, 'oidc-sign-in.mjs'), entry.code);
      const result = await run(process.execPath, ['oidc-sign-in.mjs']);
      expect(result.code, result.stderr).to.equal(0);
      const url = new URL(result.stdout.trim());
      const issuer = /new URL\('([^']+)'\)/.exec(entry.code)![1]!;
      expect(url.href.startsWith(`${issuer}/auth?`), url.href).to.equal(true);
      expect(url.searchParams.get('client_id')).to.equal(applicationId);
      expect(url.searchParams.get('code_challenge_method')).to.equal('S256');
      expect(url.searchParams.get('redirect_uri')).to.equal(`${ORIGIN}/callback`);
    });
  });
});
