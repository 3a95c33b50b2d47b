import path from 'node:path';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, eventually, PHONE } from '../support/checks.js';
import { startSignedInOwner, type Api } from '../support/owner.js';
import type { StartedServer } from '../support/server.js';
import { takeScreenshot } from '../support/photograph.js';

const PASSWORD = 'Besitzer-Passwort-1';

/**
 * Issue #36 item 3, against the built server in Chromium: in "Anwendung bearbeiten" an owner
 * adds `http://127.0.0.1:3499`, then types `127.0.0.1:3499/path`. The field marks that entry as
 * it is typed and says why (no scheme, a path); saving is refused in the form while it remains,
 * and nothing reaches the application; the fix offer turns it into its origin — already listed,
 * so it is not listed twice — and saving keeps the valid entry. Photographed at 1280 and 375 px
 * with the bad entry marked and after saving; axe finds nothing serious or critical.
 */
describe('allowed origins in the application settings in Chromium', function () {
  this.timeout(240_000);

  let server: StartedServer;
  let launched: LaunchedBrowser;
  let page: Page;
  let api: Api;
  let projectId: string;
  let applicationId: string;
  const stamp = Date.now().toString(36);
  const owner = `origins.${stamp}@example.com`;

  const dialog = () => page.getByRole('dialog', { name: 'Anwendung bearbeiten' });
  const newOrigin = () => dialog().getByLabel('Neuer Origin', { exact: true });
  const listed = () => dialog().getByRole('listitem').allTextContents();

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    ({ server, launched, page, api, projectId, applicationId } = await startSignedInOwner({
      env: {
        ...(process.env.MONGODB_URI ? { MONGODB_URI: process.env.MONGODB_URI } : {}),
      },
      email: owner,
      password: PASSWORD,
      application: { name: 'Storefront' },
    }));
  });

  after(async () => {
    await launched?.close();
    if (server) expect(await server.stop()).to.equal(0);
  });

  it('marks a pasted URL as typed, says why, and refuses to save while it remains', async () => {
    await page.goto(`${server.url}/projects/${projectId}/applications/${applicationId}`);
    await page.getByRole('button', { name: 'Bearbeiten', exact: true }).click();
    await dialog().waitFor();
    await newOrigin().pressSequentially('http://127.0.0.1:3499');
    await newOrigin().press('Enter');
    expect(await listed()).to.deep.equal(['http://127.0.0.1:3499']);

    await newOrigin().pressSequentially('127.0.0.1:3499/path');
    expect(await newOrigin().getAttribute('aria-invalid')).to.equal('true');
    // The reason and what an origin is, as a screen reader announces them for the field.
    const described = await newOrigin().evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? ''),
    );
    expect(described).to.deep.equal([
      '„127.0.0.1:3499/path“ ist kein Origin: das Schema fehlt (http:// oder https://), er enthält einen Pfad.',
      'Origin (Ursprung) = Schema, Host und Port, z. B. https://app.example.com — ohne Pfad. Seiten auf diesen Origins dürfen die Embedding-API im Browser aufrufen.',
    ]);
    const fix = dialog().getByRole('button', { name: 'Als Ursprung übernehmen: http://127.0.0.1:3499' });
    expect(await fix.isVisible()).to.equal(true);

    await dialog().getByRole('button', { name: 'Speichern', exact: true }).click();
    expect(await dialog().getByRole('alert').textContent()).to.equal(
      'Korrigieren oder leeren Sie den markierten Origin, um zu speichern.',
    );
    expect(await newOrigin().evaluate((input) => input === document.activeElement)).to.equal(true);
    expect(await listed()).to.deep.equal(['http://127.0.0.1:3499']);
    expect((await api('GET', `/api/v1/applications/${applicationId}`)).allowed_origins).to.deep.equal([]);
    await checkScreen(page, 'marked', 'allowed-origins');
    // The dialog scrolls inside itself: photograph the field itself, marked, at both widths.
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await fix.scrollIntoViewIfNeeded();
      await takeScreenshot(page, {
        path: path.join(SCREENSHOT_DIR, `allowed-origins-field-${viewport.width}.png`),
      });
    }
    await page.setViewportSize(DESKTOP);
  });

  it('the fix offer turns it into its origin (listed once) and saving keeps the valid entry', async () => {
    await dialog().getByRole('button', { name: 'Als Ursprung übernehmen: http://127.0.0.1:3499' }).click();
    expect(await listed()).to.deep.equal(['http://127.0.0.1:3499']);
    expect(await newOrigin().inputValue()).to.equal('');
    expect(await newOrigin().getAttribute('aria-invalid')).to.equal(null);
    await dialog().getByRole('button', { name: 'Speichern', exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    // The application page lists what was saved.
    await eventually(
      () => page.locator('[aria-labelledby="application-origins"] li').allTextContents(),
      (shown) => expect(shown).to.deep.equal(['http://127.0.0.1:3499']),
    );
    expect((await api('GET', `/api/v1/applications/${applicationId}`)).allowed_origins).to.deep.equal([
      'http://127.0.0.1:3499',
    ]);
    // The settings tab: the analytics chart of the default tab is not part of this change.
    await page.goto(`${server.url}/projects/${projectId}/applications/${applicationId}?tab=settings`);
    await page.locator('[aria-labelledby="application-origins"] li').waitFor();
    await checkScreen(page, 'saved', 'allowed-origins');
  });
});
