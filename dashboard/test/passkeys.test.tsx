import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { PasskeyList } from '../src/components/auth/PasskeyList';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

function passkey(overrides: Record<string, unknown>) {
  return {
    id: 'p1',
    name: 'MacBook Touch ID',
    created_at: '2026-03-05T09:07:00.000Z',
    last_used_at: null,
    device_type: 'singleDevice',
    backed_up: false,
    transports: ['internal'],
    ...overrides,
  };
}

/**
 * The passkey section with the network stubbed (jsdom has no WebAuthn, so adding one is covered
 * by test/e2e/passkeys.test.ts in Chromium): the list, renaming, removing with proof.
 */
describe('passkey section', () => {
  let stub: FetchStub;
  let passkeys: ReturnType<typeof passkey>[];

  beforeEach(() => {
    act(() => {
      void useUiStore.getState().setLocale('de');
      useToastStore.setState({ toasts: [] });
    });
    passkeys = [
      passkey({}),
      passkey({
        id: 'p2',
        name: 'iPhone',
        device_type: 'multiDevice',
        backed_up: true,
        last_used_at: '2026-04-01T12:00:00.000Z',
      }),
    ];
    stub = new FetchStub()
      .on('GET', '/api/v1/auth/mfa/passkeys', () => json(200, { data: passkeys }))
      .on('PATCH', '/api/v1/auth/mfa/passkeys/p1', (request) => {
        passkeys[0] = { ...passkeys[0]!, name: (request.body as { name: string }).name };
        return json(200, passkeys[0]);
      })
      .on('DELETE', '/api/v1/auth/mfa/passkeys/p1', (request) => {
        if ((request.body as { password?: string }).password !== 'richtig')
          return json(400, { error: 'The password is not correct.', code: 'mfa_wrong_password' });
        passkeys = passkeys.filter((entry) => entry.id !== 'p1');
        return new Response(null, { status: 204 });
      })
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
  });

  it('lists the passkeys with their dates, marks synced ones, and says when the browser cannot add one', async () => {
    renderWithProviders(<PasskeyList />);
    const list = await screen.findByRole('list', { name: 'Ihre Passkeys' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first!.textContent).to.contain('MacBook Touch ID').and.contain('Hinzugefügt am 05.03.2026');
    expect(first!.textContent).to.contain('Noch nicht verwendet');
    expect(second!.textContent).to.contain('iPhone').and.contain('Synchronisiert');
    expect(second!.textContent).to.contain('Zuletzt verwendet am 01.04.2026');
    // jsdom has no WebAuthn: the section says so instead of failing on click.
    expect(screen.getByRole('button', { name: 'Passkey hinzufügen' })).to.have.property('disabled', true);
    screen.getByText(/Dieser Browser unterstützt keine Passkeys/);
  });

  it('renames a passkey', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasskeyList />);
    await user.click(await screen.findByRole('button', { name: 'Passkey MacBook Touch ID umbenennen' }));
    const dialog = screen.getByRole('dialog', { name: 'Passkey umbenennen' });
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Arbeitslaptop');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await screen.findByText('Arbeitslaptop');
    expect(stub.calls('PATCH', '/api/v1/auth/mfa/passkeys/p1')[0]!.body).to.deep.equal({
      name: 'Arbeitslaptop',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).to.equal(null));
  });

  it('removes a passkey only after the password; a wrong one is shown in German', async () => {
    const user = userEvent.setup();
    let changes = 0;
    renderWithProviders(<PasskeyList onChange={() => (changes += 1)} />);
    await user.click(await screen.findByRole('button', { name: 'Passkey MacBook Touch ID entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Passkey „MacBook Touch ID“ entfernen' });
    await user.click(within(dialog).getByRole('button', { name: 'Passkey entfernen' }));
    within(dialog).getByText('Bitte geben Sie Ihr Passwort ein.');
    expect(stub.calls('DELETE', '/api/v1/auth/mfa/passkeys/p1')).to.have.length(0);

    await user.type(within(dialog).getByLabelText('Passwort'), 'falsch');
    await user.click(within(dialog).getByRole('button', { name: 'Passkey entfernen' }));
    await within(dialog).findByText('Das Passwort ist nicht korrekt.');

    await user.clear(within(dialog).getByLabelText('Passwort'));
    await user.type(within(dialog).getByLabelText('Passwort'), 'richtig');
    await user.click(within(dialog).getByRole('button', { name: 'Passkey entfernen' }));
    await waitFor(() => expect(screen.queryByText('MacBook Touch ID')).to.equal(null));
    expect(stub.calls('DELETE', '/api/v1/auth/mfa/passkeys/p1').map((call) => call.body)).to.deep.equal([
      { password: 'falsch' },
      { password: 'richtig' },
    ]);
    expect(changes).to.equal(1);
  });

  it('takes a current code instead of the password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<PasskeyList />);
    await user.click(await screen.findByRole('button', { name: 'Passkey MacBook Touch ID entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Passkey „MacBook Touch ID“ entfernen' });
    await user.click(within(dialog).getByRole('button', { name: 'Stattdessen einen Code eingeben' }));
    await user.type(within(dialog).getByLabelText('Code aus der Authenticator-App'), '123 456');
    await user.click(within(dialog).getByRole('button', { name: 'Passkey entfernen' }));
    await waitFor(() => expect(stub.calls('DELETE', '/api/v1/auth/mfa/passkeys/p1')).to.have.length(1));
    expect(stub.calls('DELETE', '/api/v1/auth/mfa/passkeys/p1')[0]!.body).to.deep.equal({ code: '123456' });
  });
});
