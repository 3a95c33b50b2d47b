import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import type { Organization } from '../src/components/tenancy/queries';
import { TwoFactorPolicy } from '../src/pages/Organizations/TwoFactorPolicy';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json, type RecordedRequest } from './fetch-stub';
import { renderWithProviders } from './render';
import { organization } from './tenancy-fixtures';

const org = (overrides: Record<string, unknown> = {}) =>
  organization({ require_two_factor: false, ...overrides }) as unknown as Organization;

describe('organization settings: the two-factor policy', () => {
  let stub: FetchStub;

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    stub = new FetchStub()
      .install()
      .on('GET', '/api/v1/organizations', () => json(200, { data: [], next_cursor: null }));
  });

  afterEach(() => {
    cleanup();
    stub.restore();
  });

  it('lets an admin require two-factor for all members, saved at once', async () => {
    stub.on('PATCH', '/api/v1/organizations/a00000000000000000000001', (request: RecordedRequest) =>
      json(200, org(request.body as Record<string, unknown>)),
    );
    renderWithProviders(<TwoFactorPolicy organization={org()} />);
    const toggle = screen.getByRole('checkbox', {
      name: 'Zwei-Faktor-Anmeldung für alle Mitglieder verlangen',
    });
    expect(toggle).to.have.property('checked', false);
    expect(screen.getByText('Freiwillig')).to.exist;
    await userEvent.click(toggle);
    await screen.findByText('Zwei-Faktor-Anmeldung ist jetzt Pflicht', { exact: true });
    expect(toggle).to.have.property('checked', true);
    expect(screen.getByText('Verlangt')).to.exist;
    expect(stub.calls('PATCH', '/api/v1/organizations/a00000000000000000000001')[0]?.body).to.deep.equal({
      require_two_factor: true,
    });
  });

  it('puts the switch back when the server refuses', async () => {
    stub.on('PATCH', '/api/v1/organizations/a00000000000000000000001', () =>
      json(403, { error: 'Only admins.', code: 'forbidden' }),
    );
    renderWithProviders(<TwoFactorPolicy organization={org()} />);
    const toggle = screen.getByRole('checkbox', {
      name: 'Zwei-Faktor-Anmeldung für alle Mitglieder verlangen',
    });
    await userEvent.click(toggle);
    await screen.findByText('Dafür fehlt Ihnen die Berechtigung.', { exact: true });
    await waitFor(() => expect(toggle).to.have.property('checked', false));
  });

  it('shows members whether it is required, without a switch they could use', () => {
    renderWithProviders(<TwoFactorPolicy organization={org({ role: 'member', require_two_factor: true })} />);
    const toggle = screen.getByRole('checkbox', {
      name: 'Zwei-Faktor-Anmeldung für alle Mitglieder verlangen',
    });
    expect(toggle).to.have.property('checked', true);
    expect(toggle).to.have.property('disabled', true);
    expect(screen.getByText('Verlangt')).to.exist;
  });
});
