import { mkdir } from 'node:fs/promises';
import { expect } from 'chai';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../../server/test/mail/smtp-sink.js';
import { launchBrowser, SCREENSHOT_DIR, type LaunchedBrowser } from '../support/browser.js';
import { checkScreen, DESKTOP, dismissToasts, eventually, freePort } from '../support/checks.js';
import { startBuiltServer, type StartedServer } from '../support/server.js';
import { startSite, type Site } from '../support/site.js';

const PASSWORD = 'Rollen-Passwort-2026';
const ROLE = 'Betrachter';
/** What the custom role may do: read the organization's things, change nothing. */
const ROLE_PERMISSIONS = [
  /^Organisation ansehen/,
  /^Mitglieder ansehen/,
  /^Projekte ansehen/,
  /^Anwendungen ansehen/,
  /^Rollen und Berechtigungen ansehen/,
  /^Berechtigungen und Rollen der Anwendungen ansehen/,
];

interface Decision {
  allowed: boolean;
  reason: string;
}

/** What the partner page puts on window: the script-tag SDK's auth client of the shop's application. */
type PartnerWindow = Window & {
  auth: {
    register(email: string, password: string, displayName?: string): Promise<unknown>;
    login(email: string, password: string): Promise<unknown>;
    can(action: string, resource?: Record<string, unknown>): Promise<boolean>;
    decide(action: string, resource?: Record<string, unknown>): Promise<Decision>;
    permissions(): Promise<{ roles: string[]; application_permissions: string[] }>;
  };
};

/**
 * Issue #33 end to end in Chromium, against the built server delivering its mails to a loopback
 * SMTP server: the organization's admin composes a custom role from the catalog on the roles page
 * and invites a colleague with it; the colleague accepts the invitation from the mail and sees
 * only what the role allows (actions disabled naming the missing permission, areas hidden), and
 * the API refuses a forced call with 403 naming it. The project owner defines application
 * permissions and a role in "Berechtigungen & Rollen", assigns the role to an end user in
 * "Benutzer", and a partner page on another origin signs the end user in with the script-tag
 * SDK, whose can() answers by that role. Screens checked with axe-core and for overflow,
 * photographed at 1280 and 375 px.
 */
describe('roles and permissions end to end (Chromium)', function () {
  this.timeout(240_000);

  let sink: SmtpSink;
  let server: StartedServer;
  let launched: LaunchedBrowser;
  let partner: Site;
  let ownerContext: BrowserContext;
  let memberContext: BrowserContext;
  let owner: Page;
  let member: Page;
  let ownerToken = '';
  let organizationId = '';
  let projectId = '';
  let applicationId = '';
  const stamp = Date.now().toString(36);
  const ownerEmail = `olga.${stamp}@example.com`;
  const memberEmail = `mia.${stamp}@example.com`;
  const customerEmail = `kunde.${stamp}@example.com`;
  const ORGANIZATION = 'Rollen GmbH';

  const api = async (method: string, url: string, body?: unknown, token = ownerToken) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, json };
  };
  const ok = async (method: string, url: string, body?: unknown, token = ownerToken) => {
    const { status, json } = await api(method, url, body, token);
    expect(status, `${method} ${url}: ${status} ${JSON.stringify(json)}`).to.be.lessThan(300);
    return json;
  };

  async function signIn(page: Page, email: string): Promise<void> {
    await page.goto(`${server.url}/auth`);
    await page.getByLabel('E-Mail', { exact: true }).fill(email);
    await page.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
    await page.waitForURL(`${server.url}/dashboard`);
  }

  async function mailTo(to: string, subject: RegExp): Promise<string> {
    return eventually(
      async () =>
        sink.received.find((mail) => mail.envelope.to.includes(to) && subject.test(mail.mail.subject ?? ''))
          ?.mail.text ?? '',
      (text) => expect(text, `a mail to ${to} with a subject like ${subject}`).to.not.equal(''),
    );
  }

  /** A locked action: aria-disabled, its tooltip naming the permission the role lacks. */
  async function expectLocked(button: Locator, permission: string): Promise<void> {
    await button.waitFor();
    expect(await button.getAttribute('aria-disabled')).to.equal('true');
    expect(await button.getAttribute('title')).to.match(
      new RegExp(`^Ihrer Rolle fehlt die Berechtigung „.+“ \\(${permission}\\)\\.$`),
    );
  }

  const partnerPage = (origin: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Invoice portal</title></head>
<body><main><h1>Invoice portal</h1><p id="state">Loading</p></main>
<script src="${server.url}/cdn/sdk/iam-sdk.min.js"></script>
<script>window.auth = new IamSdk.AuthClient({ applicationId: ${JSON.stringify(applicationId)}, apiUrl: ${JSON.stringify(server.url)} });
document.getElementById('state').textContent = 'Ready on ${origin}';</script></body></html>`;

  before(async function () {
    this.timeout(300_000); // the first run may install Chromium
    sink = await startSmtpSink();
    const port = await freePort();
    [server, launched] = await Promise.all([
      startBuiltServer({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        EMAIL_CONFIRMATION_REQUIRED: 'false',
        SMTP_URL: sink.url,
      }),
      launchBrowser(),
    ]);
    partner = await startSite((req) => (req.url === '/' ? { body: partnerPage(partner.origin) } : null));
    await mkdir(SCREENSHOT_DIR, { recursive: true });

    for (const [email, name] of [
      [ownerEmail, 'Olga'],
      [memberEmail, 'Mia'],
    ])
      await ok('POST', '/api/v1/auth/register', { email, password: PASSWORD, display_name: name }, '');
    ownerToken = (await ok('POST', '/api/v1/auth/login', { email: ownerEmail, password: PASSWORD }, ''))
      .access_token as string;
    organizationId = (
      await ok('POST', '/api/v1/organizations', { name: ORGANIZATION, slug: `rollen-${stamp}` })
    ).id as string;
    projectId = (
      await ok('POST', '/api/v1/projects', {
        name: 'Rechnungen',
        slug: 'rechnungen',
        organization_id: organizationId,
      })
    ).id as string;
    applicationId = (
      await ok('POST', '/api/v1/applications', {
        name: 'Rechnungsportal',
        project_id: projectId,
        allowed_origins: [partner.origin],
      })
    ).id as string;

    ownerContext = await launched.browser.newContext({ viewport: DESKTOP });
    memberContext = await launched.browser.newContext({ viewport: DESKTOP });
    owner = await ownerContext.newPage();
    member = await memberContext.newPage();
    await signIn(owner, ownerEmail);
  });

  after(async () => {
    await launched?.close();
    await partner?.close();
    if (server) expect(await server.stop()).to.equal(0);
    await sink?.close();
  });

  it('the admin composes a custom role from the catalog on the roles page', async () => {
    await owner.goto(`${server.url}/organizations`);
    const card = owner.getByRole('article', { name: ORGANIZATION });
    await card.getByRole('link', { name: 'Rollen' }).click();
    await owner.waitForURL(`${server.url}/organizations/${organizationId}/roles`);
    await owner.getByRole('heading', { name: `Rollen · ${ORGANIZATION}` }).waitFor();
    const roles = owner.getByRole('list', { name: 'Rollen der Organisation' });
    await roles.getByRole('heading', { name: /^Admin/ }).waitFor();
    await roles.getByRole('heading', { name: /^Mitglied/ }).waitFor();

    await owner.getByRole('button', { name: 'Neue Rolle' }).click();
    const editor = owner.getByRole('dialog', { name: 'Neue Rolle' });
    await editor.getByLabel('Name', { exact: true }).fill(ROLE);
    await editor.getByLabel('Beschreibung (optional)').fill('Sieht alles, ändert nichts.');
    for (const label of ROLE_PERMISSIONS) await editor.getByRole('checkbox', { name: label }).check();
    await editor.getByText(`${ROLE_PERMISSIONS.length} von`).waitFor();
    await checkScreen(owner, 'role-editor', 'roles');
    await editor.getByRole('button', { name: 'Rolle anlegen' }).click();
    await editor.waitFor({ state: 'detached' });

    const row = roles.getByTestId('role-row').filter({ hasText: ROLE });
    await row.getByText(`0 Mitglieder · ${ROLE_PERMISSIONS.length} von`).waitFor();
    await checkScreen(owner, 'roles-page', 'roles');

    const stored = await ok('GET', `/api/v1/organizations/${organizationId}/roles`);
    const custom = (stored.data as Array<{ name: string; permissions: string[] }>).find(
      (role) => role.name === ROLE,
    );
    expect(custom?.permissions).to.deep.equal([
      'organization:read',
      'member:read',
      'project:read',
      'application:read',
      'role:read',
      'app_role:read',
    ]);
  });

  it('the admin invites a colleague with the custom role', async () => {
    await owner.goto(`${server.url}/organizations`);
    await owner
      .getByRole('article', { name: ORGANIZATION })
      .getByRole('button', { name: 'Mitglieder' })
      .click();
    const members = owner.getByRole('dialog', { name: `Mitglieder von ${ORGANIZATION}` });
    const invite = members.getByRole('form', { name: 'Mitglied einladen' });
    await invite.getByLabel('E-Mail-Adresse').fill(memberEmail);
    const role = invite.getByLabel('Rolle', { exact: true });
    // The organization's roles: the built-in ones translated, the custom one under its name.
    await eventually(
      () => role.locator('option').allTextContents(),
      (options) => expect(options).to.deep.equal(['Admin', 'Mitglied', ROLE]),
    );
    await role.selectOption(ROLE);
    await checkScreen(owner, 'invitation-with-role', 'roles');
    await invite.getByRole('button', { name: 'Einladen', exact: true }).click();
    await owner.getByText('Mitglied eingeladen', { exact: true }).first().waitFor();
    await members.getByText('Ausstehend', { exact: true }).waitFor();
    await owner.keyboard.press('Escape');
  });

  it('the colleague accepts from the mail and sees only what the role allows', async () => {
    const mail = await mailTo(memberEmail, new RegExp(`Einladung in die Organisation ${ORGANIZATION}`));
    const link = mail.match(/https?:\/\/\S+\/organizations\?invitation=[0-9a-f]+/)?.[0];
    expect(link, 'the invitation mail links to the dashboard').to.be.a('string');
    await signIn(member, memberEmail);
    await member.goto(link!);
    const invitations = member.getByRole('region', { name: 'Einladungen' });
    await invitations.getByText(new RegExp(`Rolle: ${ROLE}`)).waitFor();
    await checkScreen(member, 'invitation-received', 'roles');
    await invitations.getByRole('button', { name: `Einladung in ${ORGANIZATION} annehmen` }).click();
    await member.getByText('Einladung angenommen', { exact: true }).first().waitFor();
    const card = member.getByRole('article', { name: ORGANIZATION });
    await card.getByText(`Ihre Rolle: ${ROLE}`).waitFor();

    // Members: the list, no invitation form or role controls; the note names member:invite.
    await card.getByRole('button', { name: 'Mitglieder' }).click();
    const members = member.getByRole('dialog', { name: `Mitglieder von ${ORGANIZATION}` });
    await members.getByText(ownerEmail).first().waitFor();
    expect(await members.getByRole('note').first().textContent()).to.equal(
      'Ihrer Rolle fehlt die Berechtigung „Mitglieder einladen“ (member:invite).',
    );
    expect(await members.getByRole('form', { name: 'Mitglied einladen' }).count()).to.equal(0);
    expect(await members.getByRole('combobox').count()).to.equal(0);
    expect(await members.getByRole('button', { name: /entfernen/ }).count()).to.equal(0);
    await member.keyboard.press('Escape');
    // Settings: read-only, naming organization:update; webhooks are not theirs to see.
    await card.getByRole('button', { name: 'Einstellungen' }).click();
    const settings = member.getByRole('dialog', { name: /Einstellungen/ });
    await settings.getByText(/\(organization:update\)/).waitFor();
    expect(await settings.getByRole('tab', { name: 'Webhooks' }).count()).to.equal(0);
    await member.keyboard.press('Escape');

    // Projects: creating is locked (no project:create, no application:create); clicking does nothing.
    await member.goto(`${server.url}/projects`);
    await member
      .getByRole('link', { name: /Rechnungen/ })
      .first()
      .waitFor();
    const newProject = member.getByRole('button', { name: 'Neues Projekt' });
    await expectLocked(newProject, 'project:create');
    await expectLocked(member.getByRole('button', { name: 'Neue Anwendung' }), 'application:create');
    await newProject.click({ force: true });
    expect(await member.getByRole('dialog').count()).to.equal(0);
    await checkScreen(member, 'restricted-projects', 'roles');

    // The project: the application's create locked; settings read-only; users' changes hidden.
    await member.goto(`${server.url}/projects/${projectId}`);
    await member.getByRole('heading', { name: 'Rechnungen', level: 1 }).waitFor();
    await member.getByText('Rechnungsportal').first().waitFor();
    await member.getByRole('tab', { name: 'Einstellungen' }).click();
    await member.getByText(/\(project:update\)/).waitFor();
    await member.getByText(/\(project:deactivate\)/).waitFor();
    await checkScreen(member, 'restricted-project-settings', 'roles');
    await member.getByRole('tab', { name: 'Berechtigungen & Rollen' }).click();
    await member.getByRole('note').filter({ hasText: '(app_role:manage)' }).waitFor();
    await expectLocked(member.getByRole('button', { name: 'Neue Rolle' }), 'app_role:manage');
    await checkScreen(member, 'restricted-member', 'roles');

    // Forced past the dashboard, the API refuses with 403 forbidden naming the permission.
    const memberToken = (
      await ok('POST', '/api/v1/auth/login', { email: memberEmail, password: PASSWORD }, '')
    ).access_token as string;
    const forced = await api(
      'POST',
      '/api/v1/projects',
      { name: 'Heimlich', slug: 'heimlich', organization_id: organizationId },
      memberToken,
    );
    expect(forced.status).to.equal(403);
    expect(forced.json).to.deep.include({ code: 'forbidden', permission: 'project:create' });
    expect(String(forced.json.error)).to.contain('project:create');
    const invited = await api(
      'POST',
      `/api/v1/organizations/${organizationId}/members`,
      { email: ownerEmail, role: 'admin' },
      memberToken,
    );
    expect(invited.status).to.equal(403);
    expect(invited.json).to.deep.include({ code: 'forbidden', permission: 'member:invite' });
  });

  it('the owner defines application permissions and a role, assigns it to an end user, and the partner page’s can() answers by it', async () => {
    // The end user signs up on the partner page (another origin, allowed by the application).
    const customerContext = await launched.browser.newContext({ viewport: DESKTOP });
    const shop = await customerContext.newPage();
    await shop.goto(partner.origin);
    await shop.getByText(`Ready on ${partner.origin}`).waitFor();
    await shop.evaluate(
      ({ email, password }) =>
        (window as unknown as PartnerWindow).auth.register(email, password, 'Karl Kunde'),
      { email: customerEmail, password: PASSWORD },
    );

    // "Berechtigungen & Rollen": two permissions, a role granting one of them.
    await owner.goto(`${server.url}/projects/${projectId}?tab=roles`);
    const tab = owner.getByRole('tabpanel', { name: 'Berechtigungen & Rollen' });
    for (const [name, description] of [
      ['invoice:read', 'Rechnungen lesen'],
      ['invoice:delete', 'Rechnungen löschen'],
    ] as const) {
      await tab.getByLabel('Name der Berechtigung').fill(name);
      await tab.getByLabel('Beschreibung (optional)').fill(description);
      await tab.getByRole('button', { name: 'Berechtigung hinzufügen' }).click();
      await tab.getByRole('list', { name: 'Berechtigungen' }).getByText(name, { exact: true }).waitFor();
    }
    await tab.getByRole('button', { name: 'Neue Rolle' }).click();
    const roleDialog = owner.getByRole('dialog', { name: 'Neue Rolle' });
    await roleDialog.getByLabel('Name der Rolle').fill('accountant');
    await roleDialog.getByRole('checkbox', { name: /Rechnungen lesen/ }).check();
    await roleDialog.getByRole('button', { name: 'Rolle anlegen' }).click();
    await roleDialog.waitFor({ state: 'detached' });
    const roleRow = tab.getByTestId('app-role').filter({ hasText: 'accountant' });
    await roleRow
      .getByRole('list', { name: 'Berechtigungen von accountant' })
      .getByText('invoice:read')
      .waitFor();
    await checkScreen(owner, 'project-roles-tab', 'roles');

    // "Benutzer": the end user gets the role.
    await owner.getByRole('tab', { name: 'Benutzer', exact: true }).click();
    const users = owner.getByRole('tabpanel', { name: 'Benutzer', exact: true });
    await users.getByTestId('pool-user').filter({ hasText: customerEmail }).click();
    const panel = owner.getByRole('dialog', { name: 'Karl Kunde' });
    await panel.getByText('Keine Rollen').waitFor();
    await dismissToasts(owner);
    await panel.getByRole('button', { name: 'Rollen zuweisen: Karl Kunde' }).click();
    const assign = owner.getByRole('dialog', { name: 'Rollen von Karl Kunde' });
    await assign.getByRole('checkbox', { name: /^accountant/ }).check();
    await checkScreen(owner, 'assign-roles', 'roles');
    await assign.getByRole('button', { name: 'Speichern' }).click();
    await assign.waitFor({ state: 'detached' });
    await panel.getByRole('list', { name: 'Rollen von Karl Kunde' }).getByText('accountant').waitFor();
    await panel
      .getByRole('list', { name: 'Berechtigungen von Karl Kunde' })
      .getByText('invoice:read')
      .waitFor();
    await checkScreen(owner, 'user-roles', 'roles');
    await panel.getByRole('button', { name: 'Schließen' }).click();
    await panel.waitFor({ state: 'detached' });
    // The list shows the role beside the user's states.
    await users.getByTestId('pool-user').filter({ hasText: customerEmail }).getByText('accountant').waitFor();

    // The partner page signs the end user in with the SDK; can() answers by the role.
    const answers = await shop.evaluate(
      async ({ email, password }) => {
        const auth = (window as unknown as PartnerWindow).auth;
        await auth.login(email, password);
        const [read, remove, undefinedPermission] = await Promise.all([
          auth.can('invoice:read', { type: 'invoice', id: 'inv_1' }),
          auth.can('invoice:delete', { type: 'invoice', id: 'inv_1' }),
          auth.can('invoice:archive'),
        ]);
        return {
          read,
          remove,
          undefinedPermission,
          decision: await auth.decide('invoice:read', { type: 'invoice', id: 'inv_1' }),
          permissions: await auth.permissions(),
        };
      },
      { email: customerEmail, password: PASSWORD },
    );
    expect(answers.read).to.equal(true);
    expect(answers.remove).to.equal(false);
    expect(answers.undefinedPermission).to.equal(false);
    expect(answers.decision.reason).to.equal('granted_by_role');
    expect(answers.permissions.roles).to.deep.equal(['accountant']);
    expect(answers.permissions.application_permissions).to.deep.equal(['invoice:read']);
    await customerContext.close();
  });
});
