import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'correct horse battery';

/** What the page sees when it signs in through the embedding API (JSON body → CORS preflight). */
function signInFromPage(page: Page, api: string, applicationId: string, email: string) {
  return page.evaluate(
    async ({ api, applicationId, email, password }) => {
      try {
        const response = await fetch(`${api}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-application-id': applicationId },
          body: JSON.stringify({ email, password }),
        });
        const body = (await response.json()) as { token?: string; user?: { email: string } };
        if (!body.token) return { status: response.status, body };
        const verified = await fetch(`${api}/api/auth/verify`, {
          method: 'POST',
          headers: { authorization: `Bearer ${body.token}`, 'x-application-id': applicationId },
        });
        return {
          status: response.status,
          body,
          verified: (await verified.json()) as { user: { email: string } },
        };
      } catch (error) {
        return { error: `${(error as Error).name}: ${(error as Error).message}` };
      }
    },
    { api, applicationId, email, password: PASSWORD },
  );
}

describe('embedding API from another origin in Chromium', function () {
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let listed: Site;
  let unlisted: Site;
  let page: Page;
  let accessToken: string;
  let applicationId: string;
  const owner = `owner.${Date.now().toString(36)}@example.com`;
  /** An end user of the application's pool (issue #31): dashboard accounts do not sign in here. */
  const email = `embed.${Date.now().toString(36)}@example.com`;

  const api = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  };

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    [server, launched, listed, unlisted] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
      startSite(),
      startSite(),
    ]);
    await api('POST', '/api/v1/auth/register', { email: owner, password: PASSWORD });
    accessToken = (await api('POST', '/api/v1/auth/login', { email: owner, password: PASSWORD }))
      .access_token as string;
    const organization = await api('POST', '/api/v1/organizations', { name: 'Partner', slug: 'partner' });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Shop',
      slug: 'shop',
      organization_id: organization.id,
    });
    applicationId = (
      await api('POST', '/api/v1/applications', {
        name: 'Storefront',
        project_id: project.id,
        allowed_origins: [listed.origin],
      })
    ).id as string;
    // The shop's customer registers through the embedding API, into the project's user pool.
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-id': applicationId },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(registered.status, await registered.clone().text()).to.equal(201);
  });

  beforeEach(async () => {
    page = await launched.browser.newPage();
  });

  afterEach(async () => {
    await page?.close();
  });

  after(async () => {
    await launched?.close();
    for (const site of [listed, unlisted]) await site?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('lets a listed origin sign in and verify the token', async () => {
    await page.goto(listed.origin);
    const result = await signInFromPage(page, server.url, applicationId, email);
    expect(result).not.to.have.property('error');
    expect(result.status).to.equal(200);
    expect(result.body?.user?.email).to.equal(email);
    expect(result.verified?.user.email).to.equal(email);
    // The project owner's dashboard account is not an account of the application's pool.
    const owners = await signInFromPage(page, server.url, applicationId, owner);
    expect(owners.status).to.equal(401);
  });

  it('blocks an unlisted origin in the browser, until the application lists it', async () => {
    await page.goto(unlisted.origin);
    const blocked = await signInFromPage(page, server.url, applicationId, email);
    expect(blocked.error).to.match(/^TypeError: Failed to fetch/);

    await api('PATCH', `/api/v1/applications/${applicationId}`, {
      allowed_origins: [listed.origin, unlisted.origin],
    });
    const allowed = await signInFromPage(page, server.url, applicationId, email);
    expect(allowed).not.to.have.property('error');
    expect(allowed.status).to.equal(200);
  });

  it('lets the standalone <iam-auth-dialog> from /cdn sign a user in on a listed origin', async () => {
    await page.goto(listed.origin);
    await page.addScriptTag({ url: `${server.url}/cdn/widget/iam-auth-widget.min.js` });
    await page.evaluate(
      ({ api, applicationId }) => {
        const dialog = document.createElement('iam-auth-dialog');
        dialog.setAttribute('application-id', applicationId);
        dialog.setAttribute('api-endpoint', `${api}/api/auth`);
        dialog.addEventListener('iam-auth-success', (event) => {
          (window as unknown as { signedIn: unknown }).signedIn = (event as CustomEvent).detail;
        });
        document.body.append(dialog);
      },
      { api: server.url, applicationId },
    );
    const dialog = page.locator('iam-auth-dialog');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForFunction(() => (window as unknown as { signedIn?: unknown }).signedIn);
    const detail = (await page.evaluate(() => (window as unknown as { signedIn: unknown }).signedIn)) as {
      mode: string;
      token: string;
      user: { email: string };
    };
    expect(detail.mode).to.equal('login');
    expect(detail.user.email).to.equal(email);
    expect(detail.token.split('.')).to.have.length(3);

    // Signed in, the dialog shows who; signing out brings the form back.
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill('wrong password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    // The server's message reaches the person, not a generic failure.
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).to.equal('Invalid e-mail or password.');
  });
});
