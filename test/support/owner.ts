import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from './browser.js';
import { DESKTOP } from './checks.js';
import { startBuiltServer, type StartedServer } from './server.js';

/** A JSON call to the management API that must succeed; answers the parsed body. */
export type Api = (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>;

/** An API client on `origin`, sending the bearer token `token()` returns (none while it is empty). */
function apiClient(origin: string, token: () => string): Api {
  return async (method, path, body) => {
    const bearer = token();
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${method} ${path}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  };
}

/**
 * The built server (see startBuiltServer) and a headless Chromium, started side by side, with the
 * screenshot folder made.
 */
async function startServerAndBrowser(
  env: Record<string, string> = {},
  options: { dataDir?: string } = {},
): Promise<{ server: StartedServer; launched: LaunchedBrowser }> {
  const [server, launched] = await Promise.all([startBuiltServer(env, options), launchBrowser()]);
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  return { server, launched };
}

export interface OwnerSetup {
  /** The owner's access token from the API sign-in. */
  token: string;
  /** The API as the owner. */
  api: Api;
  organizationId: string;
  projectId: string;
  applicationId: string;
}

/**
 * Through the API: registers an owner and signs her in, then creates her organization, a project
 * "Webshop" (slug `webshop`) in it and an application in that project.
 */
async function setUpOwner(
  origin: string,
  owner: {
    email: string;
    password: string;
    displayName: string;
    organization: { name: string; slug: string };
    application: { name: string; allowed_origins?: string[] };
  },
): Promise<OwnerSetup> {
  let token = '';
  const api = apiClient(origin, () => token);
  await api('POST', '/api/v1/auth/register', {
    email: owner.email,
    password: owner.password,
    display_name: owner.displayName,
  });
  token = (
    (await api('POST', '/api/v1/auth/login', { email: owner.email, password: owner.password })) as {
      access_token: string;
    }
  ).access_token;
  const organizationId = (await api('POST', '/api/v1/organizations', owner.organization)).id as string;
  const projectId = (
    await api('POST', '/api/v1/projects', {
      name: 'Webshop',
      slug: 'webshop',
      organization_id: organizationId,
    })
  ).id as string;
  const applicationId = (
    await api('POST', '/api/v1/applications', { ...owner.application, project_id: projectId })
  ).id as string;
  return { token, api, organizationId, projectId, applicationId };
}

/** Signs in on the dashboard's German sign-in page at `origin` and waits for the dashboard. */
async function signInToDashboard(page: Page, origin: string, email: string, password: string): Promise<void> {
  await page.goto(`${origin}/auth`);
  await page.getByLabel('E-Mail', { exact: true }).fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await page.waitForURL(`${origin}/dashboard`);
}

export interface SignedInOwner extends OwnerSetup {
  server: StartedServer;
  launched: LaunchedBrowser;
  /** A desktop-sized page, signed in on the dashboard as the owner. */
  page: Page;
}

/**
 * What a dashboard test of an application's screens starts from: the built server and Chromium
 * (startServerAndBrowser), an owner with organization, project "Webshop" and an application
 * (setUpOwner, by default "Olga" of "Shop GmbH"), and a page signed in on the dashboard.
 * `origin` is where the API and the browser reach the server (default: its url; a test that
 * sets PUBLIC_URL passes that); `context` adds options to the page's browser context.
 */
export async function startSignedInOwner(options: {
  env?: Record<string, string>;
  dataDir?: string;
  origin?: string;
  email: string;
  password: string;
  displayName?: string;
  organization?: { name: string; slug: string };
  application: { name: string; allowed_origins?: string[] };
  context?: BrowserContextOptions;
}): Promise<SignedInOwner> {
  // The owner signs in right after registering: no confirmation mail in between.
  const { server, launched } = await startServerAndBrowser(
    { EMAIL_CONFIRMATION_REQUIRED: 'false', ...options.env },
    { dataDir: options.dataDir },
  );
  try {
    const origin = options.origin ?? server.url;
    const setup = await setUpOwner(origin, {
      email: options.email,
      password: options.password,
      displayName: options.displayName ?? 'Olga',
      organization: options.organization ?? { name: 'Shop GmbH', slug: `shop-${Date.now().toString(36)}` },
      application: options.application,
    });
    const context = await launched.browser.newContext({ viewport: DESKTOP, ...options.context });
    const page = await context.newPage();
    await signInToDashboard(page, origin, options.email, options.password);
    return { ...setup, server, launched, page };
  } catch (error) {
    // The caller's `after` never saw them: no server or browser outlives a failed set-up.
    await launched.close();
    await server.stop();
    throw error;
  }
}
