import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { launchBrowser, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, expectAccessible } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';

const PASSWORD = 'correct horse battery';

describe('/auth-demo (public) in Chromium', function () {
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let applicationId = '';
  const owner = `owner.${Date.now().toString(36)}@example.com`;
  const email = `demo.${Date.now().toString(36)}@example.com`;

  before(async function () {
    this.timeout(300_000);
    [server, launched] = await Promise.all([
      startBuiltServer({ EMAIL_CONFIRMATION_REQUIRED: 'false' }),
      launchBrowser(),
    ]);
    const call = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      expect(response.ok, `${path}: ${response.status}`).to.equal(true);
      return (await response.json()) as Record<string, string>;
    };
    await call('/api/v1/auth/register', { email: owner, password: PASSWORD });
    const token = (await call('/api/v1/auth/login', { email: owner, password: PASSWORD })).access_token;
    const organization = await call('/api/v1/organizations', { name: 'Demo', slug: 'demo' }, token);
    const project = await call(
      '/api/v1/projects',
      { name: 'Demo', slug: 'demo', organization_id: organization.id },
      token,
    );
    // No allowed origins: the platform's own origin may always use its applications.
    applicationId = (await call('/api/v1/applications', { name: 'Demo app', project_id: project.id }, token))
      .id!;
  });

  beforeEach(async () => {
    page = await launched.browser.newPage({ viewport: DESKTOP });
  });
  afterEach(async () => {
    await page?.close();
  });
  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('shows the live dialog for a typed application ID, snippets with that ID, and the JWT preview after sign-in', async () => {
    await page.goto(`${server.url}/auth-demo`);
    await page.getByRole('heading', { name: 'Auth-Dialog Demo' }).waitFor();
    const idField = page.getByLabel('Application-ID');
    expect(await page.locator('#application-id-hint').textContent()).to.contain(
      'Projekte → Ihr Projekt → Anwendung',
    );
    expect(await page.locator('iam-auth-dialog').count()).to.equal(0);
    await checkScreen(page, 'empty', 'auth-demo');

    await idField.fill('not-an-id');
    expect(await page.locator('#application-id-hint').textContent()).to.contain('24 Zeichen');
    await idField.fill(applicationId);
    const widget = page.locator('iam-auth-dialog');
    // The dialog speaks the dashboard's language (German by default; issue #36).
    await widget.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await widget.getAttribute('application-id')).to.equal(applicationId);
    expect(page.url()).to.contain(`applicationId=${applicationId}`);

    // Every snippet carries the typed ID; the script tag points at this server's /cdn/.
    const codes = await page.locator('pre code').allTextContents();
    expect(codes).to.have.length(4);
    for (const code of codes.slice(0, 2)) expect(code).to.contain(applicationId);
    expect(codes[0]).to.contain(`${server.url}/cdn/widget/iam-auth-widget.min.js`);
    expect(await page.getByRole('button', { name: /^Kopieren/ }).count()).to.equal(4);

    // The demo shows the application's end-user flow (issue #31): the dialog signs in the users of
    // the application's pool, so the owner's dashboard account is refused like a wrong password.
    expect(await page.getByTestId('pool-note').textContent()).to.contain('nicht Ihr Dashboard-Konto');
    await widget.getByLabel('E-Mail').fill(owner);
    await widget.getByLabel('Passwort').fill(PASSWORD);
    await widget.getByRole('button', { name: 'Anmelden' }).click();
    await widget.getByRole('alert').getByText('E-Mail oder Passwort ist falsch.').waitFor();

    await widget.getByRole('tab', { name: 'Registrieren' }).click();
    await widget.getByLabel('E-Mail').fill(email);
    await widget.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await widget.getByLabel('Passwort bestätigen').fill(PASSWORD);
    await widget.getByRole('button', { name: 'Registrieren' }).click();
    await widget.getByText(`Angemeldet als ${email}`).waitFor();

    const preview = page.getByTestId('jwt-preview');
    await preview.waitFor();
    const token = await page.evaluate(
      (id) => (JSON.parse(localStorage.getItem(`iam_auth_${id}`) ?? '{}') as { token: string }).token,
      applicationId,
    );
    expect(await preview.textContent()).to.equal(`${token.slice(0, 50)}…`);
    await checkScreen(page, 'signed-in', 'auth-demo');

    // A reload keeps the ID (in the address) and the session; sign-out clears the preview.
    await page.reload();
    await page.getByTestId('jwt-preview').waitFor();
    await widget.getByRole('button', { name: 'Abmelden' }).click();
    await page.getByText('Nach der Anmeldung erscheinen hier').waitFor();
    expect(await page.getByTestId('jwt-preview').count()).to.equal(0);
    await expectAccessible(page, 'after sign-out');
  });
});
