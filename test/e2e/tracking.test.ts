import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { MongoClient } from 'mongodb';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser.js';
import { eventually } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'correct horse battery';

interface Ids {
  installation_id: string;
  anonymous_id: string;
  session_id: string;
  user_id: string | null;
}

type SdkWindow = Window & {
  IamSdk: {
    ids(): Ids | null;
    track(event: string, properties?: Record<string, unknown>): void;
    flush(): Promise<void>;
    login(email: string, password: string): Promise<{ user: { id: string } }>;
  };
};

describe('tracking from a partner site with the script-tag SDK in Chromium', function () {
  let dataDir: string;
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let site: Site;
  let page: Page;
  let ownerToken: string;
  let applicationId: string;
  let sdkBundle: string;
  const owner = `tracking.owner.${Date.now().toString(36)}@example.com`;
  const shopper = `tracking.shopper.${Date.now().toString(36)}@example.com`;

  const api = async (method: string, route: string, body?: unknown, token = ownerToken) => {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown> & {
      data?: Array<Record<string, unknown>>;
    };
    expect(response.ok, `${method} ${route}: ${response.status} ${JSON.stringify(json)}`).to.equal(true);
    return json;
  };
  const list = async (route: string) => (await api('GET', route)).data ?? [];

  /** The events stored for the application, read straight from the server's embedded database. */
  const storedEvents = async () => {
    const started = server
      .logEntries()
      .find((entry) => String(entry.msg).startsWith('started the embedded MongoDB-compatible server'));
    const credentials = JSON.parse(await readFile(path.join(dataDir, 'db', 'credentials.json'), 'utf8')) as {
      username: string;
      password: string;
    };
    const client = await MongoClient.connect(
      `mongodb://${encodeURIComponent(credentials.username)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${String(started?.port)}/?authSource=admin`,
    );
    try {
      return await client.db('iam_platform').collection('analytics_events').find({}).toArray();
    } finally {
      await client.close();
    }
  };

  const shopPage = (scriptSrc: string) =>
    `<!doctype html><html lang="en"><title>Shop</title><h1>Shop</h1>` +
    `<script src="${scriptSrc}" data-application-id="${applicationId}" data-api-url="${server.url}"></script>`;

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    dataDir = await mkdtemp(path.join(tmpdir(), 'iam-e2e-tracking-'));
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }, { dataDir }),
      launchBrowser(),
    ]);
    sdkBundle = await (await fetch(`${server.url}/cdn/sdk/iam-sdk.min.js`)).text();
    site = await startSite((req) => {
      if (req.url === '/iam-sdk.min.js') return { body: sdkBundle, type: 'text/javascript' };
      // The partner loads our script tag from /cdn, or hosts a copy of it itself.
      if (req.url?.startsWith('/self-hosted')) return { body: shopPage('/iam-sdk.min.js') };
      return { body: shopPage(`${server.url}/cdn/sdk/iam-sdk.min.js`) };
    });
    await api('POST', '/api/v1/auth/register', { email: owner, password: PASSWORD }, '');
    ownerToken = (await api('POST', '/api/v1/auth/login', { email: owner, password: PASSWORD }, ''))
      .access_token as string;
    const organization = await api('POST', '/api/v1/organizations', { name: 'Tracking', slug: 'tracking' });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Shop',
      slug: 'shop',
      organization_id: organization.id,
    });
    applicationId = (
      await api('POST', '/api/v1/applications', {
        name: 'Storefront',
        project_id: project.id,
        allowed_origins: [site.origin],
      })
    ).id as string;
    // The shopper is an end user of the application's pool: registered through the embedding API.
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-application-id': applicationId },
      body: JSON.stringify({ email: shopper, password: PASSWORD }),
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
    await site?.close();
    if (server) expect(await server.stop()).to.equal(0);
    await rm(dataDir, { recursive: true, force: true });
  });

  it('records the installation, the anonymous user, page views for the load and a pushState, and a custom event', async () => {
    await page.goto(`${site.origin}/shop`);
    await page.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );
    const ids = await page.evaluate(async () => {
      const sdk = (window as unknown as SdkWindow).IamSdk;
      // The load's page view goes out 1 s after load; navigate after it.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      history.pushState({}, '', '/shop/cart');
      sdk.track('added_to_cart', { sku: 'A-1', price: 19.9 });
      await sdk.flush();
      return sdk.ids()!;
    });
    expect(ids.installation_id).to.match(/^inst_/);
    expect(ids.anonymous_id).to.match(/^anon_/);

    const [installation] = await eventually(
      () => list(`/api/v1/installations?application_id=${applicationId}`),
      (data) => expect(data).to.have.length(1),
    );
    expect(installation).to.include({ installation_id: ids.installation_id, is_anonymous: true });
    const device = installation!.device_info as Record<string, unknown>;
    expect(device.user_agent).to.match(/Chrome/);
    expect(device.language).to.be.a('string').and.not.be.empty;
    expect(device.screen_resolution).to.match(/^\d+x\d+$/);

    const anonymous = await list(`/api/v1/anonymous-users?application_id=${applicationId}`);
    expect(anonymous.map((user) => user.anonymous_id)).to.deep.equal([ids.anonymous_id]);
    expect(anonymous[0]!.display_name).to.match(/^Anonymous User/);

    const pageViews = await eventually(
      () => list(`/api/v1/activity-logs?application_id=${applicationId}&action=page_view&limit=50`),
      (data) => expect(data).to.have.length(2),
    );
    const paths = pageViews.map((entry) => (entry.metadata as { path?: string }).path).sort();
    expect(paths).to.deep.equal(['/shop', '/shop/cart']);
    expect(pageViews.every((entry) => entry.installation_id === ids.installation_id)).to.equal(true);

    const events = await eventually(storedEvents, (stored) =>
      expect(stored.filter((event) => event.event === 'added_to_cart')).to.have.length(1),
    );
    expect(events.find((event) => event.event === 'added_to_cart')!.properties).to.deep.include({
      sku: 'A-1',
    });
  });

  it('links the anonymous user to the account after sign-in through the embedding API', async () => {
    await page.goto(`${site.origin}/shop`);
    await page.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );
    const { anonymousId, userId } = await page.evaluate(
      async ({ email, password }) => {
        const sdk = (window as unknown as SdkWindow).IamSdk;
        const anonymousId = sdk.ids()!.anonymous_id;
        const session = await sdk.login(email, password);
        await sdk.flush();
        return { anonymousId, userId: session.user.id };
      },
      { email: shopper, password: PASSWORD },
    );
    const linked = await eventually(
      () => list(`/api/v1/anonymous-users?application_id=${applicationId}`),
      (data) => expect(data.find((user) => user.anonymous_id === anonymousId)?.user_id).to.equal(userId),
    );
    expect(linked.length).to.be.at.least(1);
  });

  it('loses no queued event when the page is reloaded while the server is down', async () => {
    // A self-hosted copy of the script, so the page itself still loads while our server is down.
    await page.goto(`${site.origin}/self-hosted`);
    await page.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );
    await page.evaluate(() => (window as unknown as SdkWindow).IamSdk.flush());

    const port = new URL(server.url).port;
    expect(await server.stop()).to.equal(0);
    await page.evaluate(() => {
      const sdk = (window as unknown as SdkWindow).IamSdk;
      sdk.track('checkout_while_down', { order: 'B-2' });
      return sdk.flush();
    });
    await page.reload();
    await page.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );

    server = await startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false', PORT: port }, { dataDir });
    // Back up: the next page the visitor opens sends what the reload kept.
    await page.reload();
    await page.waitForFunction(() =>
      Boolean((window as unknown as SdkWindow).IamSdk?.ids()?.installation_id),
    );
    await page.evaluate(() => (window as unknown as SdkWindow).IamSdk.flush());
    const stored = await eventually(storedEvents, (events) =>
      expect(events.filter((event) => event.event === 'checkout_while_down')).to.have.length(1),
    );
    expect(stored.find((event) => event.event === 'checkout_while_down')!.properties).to.deep.include({
      order: 'B-2',
    });
  });
});
