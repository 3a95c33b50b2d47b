import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'Docs-Passwort-1';
/** The page's sections (dashboard/src/pages/Docs/index.tsx), in order — in German, the UI's default (issue #36). */
const SECTIONS = [
  ['getting-started', 'Schnellstart'],
  ['assistant', 'Die Dokumentation fragen'],
  ['auth-dialog', 'Auth-Dialog'],
  ['api-reference', 'Endpunkt-Referenz'],
  ['sdks', 'SDKs'],
  ['email-system', 'E-Mail-System'],
  ['ai-integration', 'Anleitung für KI-Assistenten'],
  ['guides', 'Anleitungen'],
] as const;

/**
 * The public documentation page against the built server in Chromium: every section, the
 * downloads and their content types, the assistant on the page (answer, empty question, failure),
 * the landing page's links into it, the cited sections' anchors, and the Python client downloaded
 * from the page running with python3 until its events are on the server.
 */
describe('documentation page (/docs, /api-docs) in Chromium', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let token: string;
  let applicationId: string;
  const email = `docs.${Date.now()}@example.com`;

  async function api(method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
    const response = await fetch(`${server.url}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    expect(response.ok, `${route}: ${JSON.stringify(json)}`).to.equal(true);
    return json;
  }

  async function inViewport(selector: string): Promise<boolean> {
    return page.locator(selector).evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    });
  }

  before(async function () {
    this.timeout(300_000);
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false', ASSISTANT_RATE_LIMIT_PER_IP: '1000' }),
      launchBrowser(),
    ]);
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await api('POST', '/api/v1/auth/register', { email, password: PASSWORD });
    token = (
      (await api('POST', '/api/v1/auth/login', { email, password: PASSWORD })) as { access_token: string }
    ).access_token;
    const organization = await api('POST', '/api/v1/organizations', { name: 'Docs GmbH', slug: 'docs-gmbh' });
    const project = await api('POST', '/api/v1/projects', {
      name: 'Docs',
      slug: 'docs',
      organization_id: organization.id,
    });
    applicationId = (await api('POST', '/api/v1/applications', { name: 'Docs App', project_id: project.id }))
      .id as string;
    page = await launched.browser.newPage({ viewport: DESKTOP, acceptDownloads: true });
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('renders every section, the quick start for this server, the endpoint reference and a live auth dialog', async () => {
    await page.goto(`${server.url}/docs`);
    await page.getByRole('heading', { name: 'API-Dokumentation', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Zurück zur Startseite' }).getAttribute('href')).to.equal(
      '/',
    );
    for (const [id, title] of SECTIONS) {
      await page.locator(`section#${id}`).getByRole('heading', { name: title, level: 2 }).waitFor();
      expect(
        await page
          .getByRole('navigation', { name: 'Auf dieser Seite' })
          .getByRole('link', { name: title })
          .getAttribute('href'),
      ).to.equal(`#${id}`);
    }

    // The quick start is docs/getting-started.md with this server's address in its commands.
    const quickStart = page.locator('section#getting-started');
    await quickStart.getByRole('heading', { name: '5. Issue an API token' }).waitFor();
    const commands = (await quickStart.locator('pre').allTextContents()).join('\n');
    expect(commands).to.contain(`export IAM_URL=${server.url}`);
    expect(commands).to.not.contain('localhost:3000');
    expect(await quickStart.getByRole('button', { name: 'Kopieren' }).count()).to.equal(
      await quickStart.locator('pre').count(),
    );

    // The endpoint reference: every operation of the OpenAPI document, grouped by tag.
    const document = (await (await fetch(`${server.url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags: string[] }>>;
    };
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    const reference = page.locator('section#api-reference');
    await reference.locator('details').first().waitFor();
    expect(await reference.locator('details').count()).to.equal(operations);
    expect(await reference.locator('h3').allTextContents()).to.include.members([
      'API tokens',
      'Authentication',
      'Documentation',
    ]);
    const revoke = reference.locator('details#op-post-api-v1-tokens-id-revoke');
    await revoke.locator('summary').click();
    await revoke.getByRole('heading', { name: 'Antworten' }).waitFor();
    expect(await revoke.locator('pre').textContent()).to.contain(
      `curl -X POST "${server.url}/api/v1/tokens/<id>/revoke"`,
    );
    expect(
      await revoke.getByRole('link', { name: /In Swagger UI ausprobieren/ }).getAttribute('href'),
    ).to.equal('/api/v1/docs/#/API%20tokens/post_api_v1_tokens__id__revoke');
    // "Try it" opens Swagger UI at that operation, expanded.
    const swagger = await launched.browser.newPage();
    await swagger.goto(`${server.url}/api/v1/docs/#/API%20tokens/post_api_v1_tokens__id__revoke`);
    await swagger
      .locator('#operations-API_tokens-post_api_v1_tokens__id__revoke.is-open')
      .waitFor({ timeout: 15_000 });
    await swagger.close();
    const login = reference.locator('details#op-post-api-v1-auth-login');
    await login.locator('summary').click();
    await login.getByRole('heading', { name: 'Request-Body' }).waitFor();
    expect(await login.locator('table').first().textContent())
      .to.contain('email')
      .and.to.contain('password');

    // The auth dialog preview is the real widget build, rendered in its shadow root.
    await page.waitForFunction(() => Boolean(customElements.get('iam-auth-dialog')));
    await page.getByLabel('Application-ID für die Vorschau').fill(applicationId);
    const preview = page.getByTestId('auth-dialog-preview').locator('iam-auth-dialog');
    expect(await preview.getAttribute('application-id')).to.equal(applicationId);
    await preview.locator('input[type="password"]').first().waitFor();
    expect(await preview.locator('input[type="email"]').count()).to.be.greaterThan(0);

    // Guides: every file of docs/, collapsed until opened.
    const guides = page.locator('section#guides details');
    expect(await guides.count()).to.be.greaterThan(10);
    expect(await page.locator('section#guides details#self-hosting summary').textContent()).to.contain(
      'Self-hosting',
    );

    await page.locator('section#getting-started').scrollIntoViewIfNeeded();
    await checkScreen(page, 'page', 'docs');
  });

  it('/api-docs is the same page', async () => {
    await page.goto(`${server.url}/api-docs`);
    await page.getByRole('heading', { name: 'API-Dokumentation', level: 1 }).waitFor();
    await page.locator('section#sdks').waitFor();
  });

  it('serves the downloads with the right content types', async () => {
    await page.goto(`${server.url}/docs#sdks`);
    const sdks = page.locator('section#sdks');
    const expected: Record<string, RegExp> = {
      'iam-sdk.min.js': /^text\/javascript/,
      'index.js': /^text\/javascript/,
      'iam_sdk.py': /^text\/x-python/,
    };
    for (const [file, type] of Object.entries(expected)) {
      const link = sdks.getByRole('link', { name: file });
      const href = (await link.getAttribute('href'))!;
      expect(href).to.equal(`/cdn/sdk/${file}`);
      expect(await link.getAttribute('download')).to.equal(file);
      const response = await fetch(`${server.url}${href}`);
      expect(response.status, file).to.equal(200);
      expect(response.headers.get('content-type'), file).to.match(type);
    }
    const guide = page.locator('section#ai-integration');
    const download = guide.getByRole('link', { name: /iam-platform-ai-integration\.md herunterladen/ });
    const response = await fetch(`${server.url}${await download.getAttribute('href')}`);
    expect(response.headers.get('content-type')).to.equal('text/markdown; charset=utf-8');
    expect(response.headers.get('content-disposition')).to.match(
      /^attachment; filename="?iam-platform-ai-integration\.md"?$/,
    );
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).to.equal('iam-platform-ai-integration.md');
    const text = await readFile((await file.path())!, 'utf8');
    expect(text).to.contain('`POST /api/v1/tokens/{id}/revoke`');
    const open = guide.getByRole('link', { name: 'Öffnen' });
    expect(await open.getAttribute('href')).to.equal('/api/v1/assistant/integration-guide');
  });

  it('answers a question on the page with sources that lead to the cited section', async () => {
    await page.goto(`${server.url}/docs#assistant`);
    const section = page.locator('section#assistant');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/assistant/ask')) asked.push(request.postData() ?? '');
    });

    await section.getByRole('button', { name: 'Fragen' }).click();
    await section.getByRole('alert').filter({ hasText: 'Bitte geben Sie eine Frage ein' }).waitFor();
    await section.getByLabel('Ihre Frage').fill('    ');
    await section.getByRole('button', { name: 'Fragen' }).click();
    await section.getByRole('alert').filter({ hasText: 'Bitte geben Sie eine Frage ein' }).waitFor();
    expect(asked, 'the page sends no empty question').to.deep.equal([]);

    await section.getByLabel('Ihre Frage').fill('How do I revoke an API token?');
    await section.getByLabel('Bereich').selectOption('userAuth');
    await section.getByRole('button', { name: 'Fragen' }).click();
    const answer = page.getByTestId('assistant-answer');
    await answer.getByRole('heading', { name: 'Quellen' }).waitFor();
    expect(await answer.textContent()).to.contain('POST /api/v1/tokens/{id}/revoke');
    expect(JSON.parse(asked[0]!)).to.deep.equal({
      question: 'How do I revoke an API token?',
      prompt_type: 'userAuth',
    });
    await checkScreen(page, 'assistant-answer', 'docs');

    const source = answer.getByRole('listitem').getByRole('link').first();
    expect(await source.getAttribute('href')).to.equal('#op-post-api-v1-tokens-id-revoke');
    await source.click();
    await page.locator('details#op-post-api-v1-tokens-id-revoke[open]').waitFor();
    await page.waitForFunction(() => {
      const box = document.getElementById('op-post-api-v1-tokens-id-revoke')!.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight;
    });

    // "Nothing found" is an answer too, without sources.
    await page.goto(`${server.url}/docs#assistant`);
    await section.getByLabel('Ihre Frage').fill('xyzzy plugh frobnicate');
    await section.getByRole('button', { name: 'Fragen' }).click();
    await answer.getByText('I found nothing in the documentation').waitFor();
    expect(await answer.getByRole('heading', { name: 'Quellen' }).count()).to.equal(0);
  });

  it('shows "Failed to generate documentation. Please try again." when the assistant fails', async () => {
    await page.route('**/api/v1/assistant/ask', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"error":"down","code":"server_busy"}',
      }),
    );
    try {
      await page.goto(`${server.url}/docs#assistant`);
      const section = page.locator('section#assistant');
      await section.getByLabel('Ihre Frage').fill('How do I send an e-mail?');
      await section.getByRole('button', { name: 'Fragen' }).click();
      await section
        .getByRole('alert')
        .filter({ hasText: 'Die Antwort konnte nicht erstellt werden. Bitte versuchen Sie es erneut.' })
        .waitFor();
    } finally {
      await page.unroute('**/api/v1/assistant/ask');
    }
  });

  it('every section the assistant cites exists on the page and is shown when its link is followed', async () => {
    const questions = [
      'How do I revoke an API token?',
      'How do I track page views?',
      'How do I run several app processes with a MongoDB replica set?',
      'What are organizations, projects and applications?',
      'How do I send an e-mail?',
    ];
    const urls = new Set<string>();
    for (const question of questions) {
      const response = await fetch(`${server.url}/functions/v1/ai-documentation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ question }),
      });
      const body = (await response.json()) as { sources: { url: string }[] };
      expect(body.sources.length, question).to.be.greaterThan(0);
      for (const source of body.sources) urls.add(source.url);
    }
    expect(
      [...urls].some((url) => url.startsWith('/docs#self-hosting--')),
      [...urls].join(' '),
    ).to.equal(true);
    for (const url of urls) {
      await page.goto(`${server.url}${url}`);
      const id = url.split('#')[1]!;
      await page.locator(`[id="${id}"]`).waitFor({ timeout: 10_000 });
      await page.waitForFunction((target) => {
        const box = document.getElementById(target)?.getBoundingClientRect();
        return Boolean(box && box.top >= -1 && box.top < window.innerHeight);
      }, id);
    }
  });

  it('the landing page’s docs links lead to the page and its sections', async () => {
    await page.goto(server.url);
    await page.getByRole('heading', { name: 'IAM Platform', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'Technische Dokumentation' }).getAttribute('href')).to.equal(
      '/docs',
    );
    const footer = page.getByRole('navigation', { name: 'Developers' });
    const guides = (await (await fetch(`${server.url}/api/v1/guides`)).json()) as {
      data: { slug: string }[];
    };
    const hasWebhooks = guides.data.some((guide) => guide.slug === 'webhooks');
    await footer.getByRole('link', { name: 'SDKs' }).waitFor();
    expect(await footer.getByRole('link', { name: 'Webhooks' }).count()).to.equal(hasWebhooks ? 1 : 0);

    for (const [name, id] of [
      ['Getting Started', 'getting-started'],
      ['SDKs', 'sdks'],
      ...(hasWebhooks ? [['Webhooks', 'webhooks']] : []),
    ] as const) {
      await page.goto(server.url);
      await footer.getByRole('link', { name }).click();
      await page.waitForURL(`${server.url}/docs#${id}`);
      await page.locator(`#${id}`).waitFor();
      await page.waitForFunction((target) => {
        const box = document.getElementById(target)?.getBoundingClientRect();
        return Boolean(box && box.top >= -1 && box.top < window.innerHeight);
      }, id);
      if (id === 'webhooks')
        await page.locator('details#webhooks[open] h3, details#webhooks[open] h4').first().waitFor();
    }

    await page.goto(server.url);
    await page.getByRole('banner').getByRole('link', { name: 'Docs' }).click();
    await page.waitForURL(`${server.url}/docs`);
    await page.getByRole('heading', { name: 'API-Dokumentation', level: 1 }).waitFor();
    expect(await inViewport('h1')).to.equal(true);
  });

  it('the Python client downloaded from /docs runs with python3 and its events reach the server', async () => {
    await page.goto(`${server.url}/docs#sdks`);
    const link = page.locator('section#sdks').getByRole('link', { name: 'iam_sdk.py' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).to.equal('iam_sdk.py');
    const folder = await mkdtemp(path.join(tmpdir(), 'iam-docs-python-'));
    try {
      await download.saveAs(path.join(folder, 'iam_sdk.py'));
      const script = [
        'from iam_sdk import IamClient',
        `iam = IamClient(${JSON.stringify(applicationId)}, ${JSON.stringify(server.url)})`,
        'iam.register_installation()',
        'iam.track("docs_download_checked", {"from": "docs page"})',
        'iam.activity("docs_read", "component", resource_id="python")',
        'print("accepted:", iam.flush(timeout=10))',
      ].join('\n');
      const env: NodeJS.ProcessEnv = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PYTHONDONTWRITEBYTECODE: '1',
      };
      const child = spawn(process.env.PYTHON || 'python3', ['-c', script], { cwd: folder, env });
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, output).to.equal(0);
      expect(output).to.contain('accepted: 3');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    // What the dashboard reads: the installation, and the event and activity under it.
    const installations = (await api('GET', `/api/v1/installations?application_id=${applicationId}`)) as {
      data: { id: string; installation_id?: string }[];
    };
    expect(installations.data).to.have.length(1);
    const logs = (await api('GET', `/api/v1/activity-logs?application_id=${applicationId}&limit=50`)) as {
      data: { action: string }[];
    };
    expect(logs.data.map((entry) => entry.action)).to.include('docs_read');
  });
});
