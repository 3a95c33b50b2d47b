import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import type { LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, eventually } from '../support/checks.js';
import { startSignedInOwner, type Api } from '../support/owner.js';
import type { StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'Besitzer-Passwort-1';

/** A partner shop on its own loopback port embedding the widget and the SDK, as the guide shows. */
function partnerPage(server: () => string, applicationId: () => string) {
  return (req: { url?: string }) => {
    const url = new URL(req.url ?? '/', 'http://site');
    if (url.pathname !== '/') return null;
    const locale = url.searchParams.get('locale') ?? 'en';
    return {
      body: `<!doctype html><html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Partner shop</title>
<style>body{font-family:sans-serif;margin:0;padding:16px}</style></head>
<body><main><h1>Partner shop</h1>
<script src="${server()}/cdn/sdk/iam-sdk.min.js" data-application-id="${applicationId()}" data-flush-at="1"></script>
<iam-auth-dialog application-id="${applicationId()}" api-url="${server()}" locale="${locale}" theme="light"></iam-auth-dialog></main>
<script src="${server()}/cdn/widget/iam-auth-widget.min.js"></script></body></html>`,
    };
  };
}

/**
 * Issue #36 item 4 in Chromium: a partner page on an origin the application does not allow. At
 * start-up — before anybody types — the widget says on screen (in its language) which origin to
 * add and where, and the console says it for the SDK and the widget. The application's page in
 * the dashboard lists the origin under "Abgelehnte Origins"; one click on "Erlauben" allows it;
 * after a reload the partner page signs up. Photographed at 1280 and 375 px, axe-checked.
 */
describe('refused origins: partner page, console, dashboard card (Chromium)', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let partner: Site;
  let dashboard: Page;
  let api: Api;
  let projectId = '';
  let applicationId = '';
  const stamp = Date.now().toString(36);
  const owner = `refused.${stamp}@example.com`;

  /** A fresh page on the partner site, with what its console reports as errors. */
  async function openPartner(locale: 'de' | 'en') {
    const page = await launched.browser.newPage({ viewport: DESKTOP });
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${partner.origin}/?locale=${locale}`);
    return { page, errors, widget: (): Locator => page.locator('iam-auth-dialog') };
  }

  before(async function () {
    this.timeout(300_000);
    partner = await startSite(
      partnerPage(
        () => server.url,
        () => applicationId,
      ),
    );
    // Allowed: only another site. The partner page's origin is not among them.
    ({
      server,
      launched,
      page: dashboard,
      api,
      projectId,
      applicationId,
    } = await startSignedInOwner({
      env: {
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      },
      email: owner,
      password: PASSWORD,
      application: { name: 'Storefront', allowed_origins: ['https://shop.example.com'] },
    }));
  });

  after(async () => {
    await launched?.close();
    await partner?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('the widget says at start-up, on screen and in the console, which origin to add and where', async () => {
    for (const locale of ['en', 'de'] as const) {
      const { page, errors, widget } = await openPartner(locale);
      const notice = widget().getByRole('status');
      await notice.waitFor();
      const text = await notice.textContent();
      if (locale === 'en') {
        expect(text).to.contain('This site may not use this sign-in yet');
        expect(text).to.contain(`Add ${partner.origin} to the allowed origins`);
        expect(text).to.contain('Dashboard → Projects → your project → the application → Allowed origins');
      } else {
        expect(text).to.contain('Diese Website darf diese Anmeldung noch nicht nutzen');
        expect(text).to.contain(`Tragen Sie ${partner.origin} bei den erlaubten Origins ein`);
        expect(text).to.contain('Dashboard → Projekte → Ihr Projekt → die Anwendung → Erlaubte Origins');
      }
      // Nothing was typed: the form is empty, the notice is there already.
      expect(
        await widget()
          .getByLabel(locale === 'en' ? 'Email' : 'E-Mail')
          .inputValue(),
      ).to.equal('');
      // The console: the SDK's tracker and the widget's auth client, each once, naming the origin.
      const ours = () => errors.filter((line) => line.startsWith('[iam-sdk]'));
      await eventually(
        async () => ours(),
        (lines) => expect(lines, 'both console messages').to.have.length(2),
      );
      for (const line of ours()) {
        expect(line).to.contain(`The origin ${partner.origin} may not call this application`);
        expect(line).to.contain('Allowed origins').and.to.contain('Erlaubte Origins');
      }
      expect(ours().some((line) => line.includes('Tracking is paused'))).to.equal(true);
      expect(ours().some((line) => line.includes('Sign-in and registration fail until then'))).to.equal(true);
      await checkScreen(page, `partner-${locale}`, 'refused-origins');
      await page.close();
    }
  });

  it('the application page lists the refused origin; one click on "Erlauben" allows it', async () => {
    await dashboard.goto(`${server.url}/projects/${projectId}/applications/${applicationId}`);
    const card = dashboard.getByRole('region', { name: 'Abgelehnte Origins' });
    await card.getByText(partner.origin, { exact: true }).waitFor();
    expect(await card.textContent()).to.match(/\d+× abgelehnt, zuletzt am/);
    await checkScreen(dashboard, 'card-listed', 'refused-origins');

    await card.getByRole('button', { name: `Erlauben: ${partner.origin}` }).click();
    await card.getByText('Keine abgelehnten Aufrufe.', { exact: false }).waitFor();
    const allowed = dashboard.getByRole('region', { name: 'Erlaubte Origins' });
    await allowed.getByText(partner.origin, { exact: true }).waitFor();
    const application = await api('GET', `/api/v1/applications/${applicationId}`);
    expect(application.allowed_origins).to.deep.equal(['https://shop.example.com', partner.origin]);
    await checkScreen(dashboard, 'card-empty', 'refused-origins');
  });

  it('after a reload the partner page works: no notice, and a sign-up goes through', async () => {
    const { page, errors, widget } = await openPartner('en');
    await widget().getByRole('heading', { name: 'Sign in' }).waitFor();
    await widget().getByRole('tab', { name: 'Register' }).click();
    const email = `shopper.${stamp}@example.com`;
    await widget().getByLabel('Email').fill(email);
    await widget().getByLabel('Password', { exact: true }).fill(PASSWORD);
    await widget().getByLabel('Confirm password').fill(PASSWORD);
    await widget().getByRole('button', { name: 'Sign up' }).click();
    await widget().getByText(`Signed in as ${email}`).waitFor();
    expect(await widget().getByText('This site may not use this sign-in yet').count()).to.equal(0);
    expect(errors.filter((line) => line.startsWith('[iam-sdk]'))).to.deep.equal([]);
    await page.close();
  });
});
