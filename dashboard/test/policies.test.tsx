import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { PoliciesPanel } from '../src/pages/ProjectDetail/Policies';
import { fromPolicy, toBody, type Policy } from '../src/pages/ProjectDetail/Policies/policyForm';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { list, now, organization, user } from './tenancy-fixtures';

const ORG_ID = 'a00000000000000000000001';
const PROJECT_ID = 'b00000000000000000000001';
const POLICIES = `/api/v1/projects/${PROJECT_ID}/policies`;
const owner = { kind: 'project' as const, id: PROJECT_ID, organizationId: ORG_ID };

const policy = (overrides: Partial<Policy> = {}): Policy => ({
  id: 'c00000000000000000000001',
  scope: 'project',
  organization_id: ORG_ID,
  project_id: PROJECT_ID,
  name: 'Seniors approve',
  description: null,
  effect: 'allow',
  actions: ['invoice:approve'],
  conditions: { subject: { skills: [{ name: 'Accounting', min_level: 3 }] } },
  enabled: true,
  created_by: 'u1',
  created_at: now,
  updated_at: now,
  ...overrides,
});

describe('policies: list, editor and the test panel', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useSessionStore.setState({
        status: 'signedIn',
        session: { accessToken: 'a', refreshToken: 'r', expiresAt: 9_999_999_999, user },
        signedOutByUser: false,
      });
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub().install();
    stub.on('GET', '/api/v1/organizations', () => json(200, list([organization()])));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  it('turns the editor’s fields into the documented condition format and back', () => {
    const body = toBody({
      ...fromPolicy(policy()),
      actions: 'invoice:read,\ninvoice:*',
      rolesAny: 'clerk, accountant',
      emailDomains: 'Example.COM',
      secondFactor: 'yes',
      ownerIsSubject: true,
      attributes: 'status in draft, review\nlocked = false\ncode = "42"',
      timeZone: 'Europe/Berlin',
      weekdays: ['fri', 'mon'],
      from: '08:00',
      to: '18:00',
      sourceIps: '10.0.0.0/8\n2001:db8::/32',
    });
    expect(body).to.deep.equal({
      name: 'Seniors approve',
      description: null,
      effect: 'allow',
      actions: ['invoice:read', 'invoice:*'],
      enabled: true,
      conditions: {
        subject: {
          roles: { any: ['clerk', 'accountant'] },
          skills: [{ name: 'Accounting', min_level: 3 }],
          email_domain: ['example.com'],
          second_factor: true,
        },
        resource: {
          owner: 'subject',
          attributes: {
            status: { in: ['draft', 'review'] },
            locked: { equals: false },
            code: { equals: '42' },
          },
        },
        context: {
          time: { time_zone: 'Europe/Berlin', weekdays: ['mon', 'fri'], from: '08:00', to: '18:00' },
          source_ip: ['10.0.0.0/8', '2001:db8::/32'],
        },
      },
    });
    expect(toBody(fromPolicy(policy({ conditions: body.conditions, actions: body.actions })))).to.deep.equal(
      body,
    );
  });

  it('lists the policies; the editor checks fields first and shows the server’s problems at their fields', async () => {
    stub.on('GET', POLICIES, () =>
      json(200, {
        data: [policy(), policy({ id: 'c2', name: 'No contractors', effect: 'deny', enabled: false })],
        next_cursor: null,
      }),
    );
    let attempt = 0;
    stub.on('POST', POLICIES, (request) => {
      attempt += 1;
      if (attempt === 1)
        return json(400, {
          error:
            'conditions.context.source_ip.0: “10.0.0.0/40” is not an IPv4 or IPv6 address or CIDR range.',
          code: 'invalid_policy',
          details: [
            {
              path: 'body.conditions.context.source_ip.0',
              message: '“10.0.0.0/40” is not an IPv4 or IPv6 address or CIDR range.',
            },
          ],
        });
      return json(201, policy({ id: 'c3', name: (request.body as { name: string }).name }));
    });
    renderWithProviders(<PoliciesPanel owner={owner} />);
    const rows = await screen.findAllByTestId('policy');
    expect(rows).to.have.length(2);
    expect(within(rows[1]!).getByText('Verbieten')).to.exist;
    expect(within(rows[1]!).getByText('Aus', { selector: 'span' })).to.exist;
    expect(within(rows[0]!).getByText('1 Bedingung')).to.exist;

    await userEvent.click(screen.getByRole('button', { name: 'Policy anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Policy' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByText('Geben Sie der Policy einen Namen.')).to.exist;
    expect(within(dialog).getByText('Nennen Sie mindestens eine Aktion.')).to.exist;
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Office network');
    await userEvent.type(within(dialog).getByLabelText('Aktionen'), 'vpn:use');
    await userEvent.type(within(dialog).getByLabelText('Zeitzone'), 'Europe/Berln');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    const zone = within(dialog).getByLabelText('Zeitzone');
    expect(zone.getAttribute('aria-invalid')).to.equal('true');
    expect(within(dialog).getByText('„Europe/Berln“ ist keine IANA-Zeitzone (z. B. Europe/Berlin).')).to
      .exist;
    expect(stub.calls('POST', POLICIES)).to.have.length(0);

    await userEvent.clear(zone);
    await userEvent.type(within(dialog).getByLabelText('Quell-Adressen (CIDR)'), '10.0.0.0/8');
    // The server refuses (here: as if it knew more); its problem shows at the address field.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(stub.calls('POST', POLICIES)).to.have.length(1));
    const ranges = within(dialog).getByLabelText('Quell-Adressen (CIDR)');
    await waitFor(() => expect(ranges.getAttribute('aria-invalid')).to.equal('true'));
    expect(within(dialog).getByText('“10.0.0.0/40” is not an IPv4 or IPv6 address or CIDR range.')).to.exist;
    expect(within(dialog).getByText('Die Policy ist ungültig. Prüfen Sie die markierten Felder.')).to.exist;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(stub.calls('POST', POLICIES)).to.have.length(2));
    expect(stub.calls('POST', POLICIES)[1]!.body).to.deep.equal({
      name: 'Office network',
      description: null,
      effect: 'allow',
      actions: ['vpn:use'],
      enabled: true,
      conditions: { context: { source_ip: ['10.0.0.0/8'] } },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
    expect(await screen.findByText('Policy angelegt')).to.exist;
  });

  it('tests a request and shows the decision with its reason and the matched policies', async () => {
    stub.on('GET', POLICIES, () => json(200, { data: [policy()], next_cursor: null }));
    stub.on('POST', '/api/v1/authorize', () =>
      json(200, {
        allowed: false,
        reason: 'denied_by_policy',
        matched_policies: [{ id: 'c2', name: 'No contractors', effect: 'deny', scope: 'organization' }],
      }),
    );
    renderWithProviders(<PoliciesPanel owner={owner} />);
    const panel = await screen.findByRole('form', { name: 'Diese Anfrage testen' });
    await userEvent.type(
      within(panel).getByLabelText('Benutzer-ID (leer: Sie selbst)'),
      'e00000000000000000000001',
    );
    await userEvent.type(within(panel).getByLabelText('Aktion'), 'invoice:approve');
    await userEvent.type(within(panel).getByLabelText('Ressourcentyp'), 'invoice');
    await userEvent.type(
      within(panel).getByLabelText('Attribute (eine Zeile je name = wert)'),
      'status = draft',
    );
    await userEvent.type(within(panel).getByLabelText('Quell-Adresse'), '10.1.2.3');
    await userEvent.click(within(panel).getByRole('button', { name: 'Testen' }));
    const decision = await screen.findByTestId('policy-decision');
    expect(within(decision).getByText('Verweigert')).to.exist;
    expect(within(decision).getByText('Eine Verbots-Policy trifft zu (Verbote gewinnen).', { exact: false }))
      .to.exist;
    expect(within(decision).getByText('No contractors (Verbieten, Organisation)')).to.exist;
    expect(stub.calls('POST', '/api/v1/authorize')[0]!.body).to.deep.equal({
      project_id: PROJECT_ID,
      subject: { user_id: 'e00000000000000000000001' },
      action: 'invoice:approve',
      resource: { type: 'invoice', attributes: { status: 'draft' } },
      context: { ip: '10.1.2.3' },
    });
  });

  it('a role without policy:manage reads, but cannot create, change or delete', async () => {
    stub.on('GET', '/api/v1/organizations', () =>
      json(
        200,
        list([
          organization({
            role: 'member',
            my_permissions: ['organization:read', 'project:read', 'policy:read'],
          }),
        ]),
      ),
    );
    stub.on('GET', POLICIES, () => json(200, { data: [policy()], next_cursor: null }));
    renderWithProviders(<PoliciesPanel owner={owner} />);
    await screen.findAllByTestId('policy');
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Policy anlegen' }).hasAttribute('disabled') ||
          screen.getByRole('button', { name: 'Policy anlegen' }).getAttribute('aria-disabled') === 'true',
      ).to.equal(true),
    );
    const remove = screen.getByRole('button', { name: 'Seniors approve löschen' });
    expect(remove.hasAttribute('disabled') || remove.getAttribute('aria-disabled') === 'true').to.equal(true);
  });

  it('a role without policy:read sees why instead of the list', async () => {
    stub.on('GET', '/api/v1/organizations', () =>
      json(
        200,
        list([organization({ role: 'viewer', my_permissions: ['organization:read', 'project:read'] })]),
      ),
    );
    renderWithProviders(<PoliciesPanel owner={owner} />);
    expect(await screen.findByText(/policy:read/)).to.exist;
    expect(screen.queryByTestId('policy')).to.equal(null);
  });
});
