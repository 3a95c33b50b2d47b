import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { EditApplicationDialog } from '../src/components/dialogs/EditApplicationDialog';
import type { Application } from '../src/components/tenancy/queries';
import { useSessionStore } from '../src/stores/session';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';
import { application, user } from './tenancy-fixtures';

const APP_ID = 'b00000000000000000000001';
const PATH = `/api/v1/applications/${APP_ID}`;

function renderDialog(origins: string[] = []) {
  renderWithProviders(
    <EditApplicationDialog
      application={application({ allowed_origins: origins }) as unknown as Application}
      open
      onOpenChange={() => {}}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Anwendung bearbeiten' });
  return { dialog, input: within(dialog).getByLabelText<HTMLInputElement>('Neuer Origin') };
}

/** The texts an input's aria-describedby points at, in order. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

/** Issue #36 item 3: each origin is checked as it is typed, explained, fixable, never lost. */
describe('application settings: allowed origins', () => {
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
    stub.on('PATCH', PATH, (request) =>
      json(200, application({ allowed_origins: (request.body as Application).allowed_origins })),
    );
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    document.body.style.pointerEvents = '';
  });

  it('says what an origin is', () => {
    const { input } = renderDialog();
    expect(description(input)).to.equal(
      'Origin (Ursprung) = Schema, Host und Port, z. B. https://app.example.com — ohne Pfad. Seiten auf diesen Origins dürfen die Embedding-API im Browser aufrufen.',
    );
    expect(input.getAttribute('aria-invalid')).to.equal(null);
  });

  it('marks a URL with a path and no scheme as typed, says why and offers its origin', async () => {
    const { dialog, input } = renderDialog();
    await userEvent.type(input, 'h');
    expect(input.getAttribute('aria-invalid'), 'still typing the scheme').to.equal(null);
    await userEvent.clear(input);
    await userEvent.type(input, '127.0.0.1:3499/path');
    expect(input.getAttribute('aria-invalid')).to.equal('true');
    expect(description(input)).to.match(
      /^„127\.0\.0\.1:3499\/path“ ist kein Origin: das Schema fehlt \(http:\/\/ oder https:\/\/\), er enthält einen Pfad\. \| Origin \(Ursprung\)/,
    );
    const fix = within(dialog).getByRole('button', {
      name: 'Als Ursprung übernehmen: http://127.0.0.1:3499',
    });
    // "Hinzufügen" refuses the bad entry: it stays in the field, marked, and is not listed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(input.value).to.equal('127.0.0.1:3499/path');
    expect(within(dialog).queryByRole('listitem')).to.equal(null);
    await userEvent.click(fix);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal(['http://127.0.0.1:3499']);
    expect(input.value).to.equal('');
    expect(input.getAttribute('aria-invalid')).to.equal(null);
    expect(document.activeElement).to.equal(input);
  });

  it('names wildcards and other schemes without a fix offer', async () => {
    const { dialog, input } = renderDialog();
    await userEvent.type(input, 'https://*.example.com');
    expect(description(input)).to.contain(
      'ist kein Origin: Platzhalter (*) werden nicht unterstützt, tragen Sie jeden Origin einzeln ein.',
    );
    expect(within(dialog).queryByRole('button', { name: /Als Ursprung übernehmen/ })).to.equal(null);
  });

  it('blocks saving while the typed entry is bad, keeps the valid ones, and saves after the fix (deduplicated)', async () => {
    const { dialog, input } = renderDialog(['https://kept.example']);
    await userEvent.type(input, 'http://127.0.0.1:3499{Enter}');
    await userEvent.type(input, '127.0.0.1:3499/path');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(within(dialog).getByRole('alert').textContent).to.equal(
      'Korrigieren oder leeren Sie den markierten Origin, um zu speichern.',
    );
    expect(stub.calls('PATCH', PATH)).to.have.length(0);
    expect(document.activeElement).to.equal(input);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal(['https://kept.example', 'http://127.0.0.1:3499']);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Als Ursprung übernehmen: http://127.0.0.1:3499' }),
    );
    expect(within(dialog).getAllByRole('listitem')).to.have.length(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Anwendung erfolgreich aktualisiert')).to.exist;
    const sent = stub.calls('PATCH', PATH);
    expect(sent).to.have.length(1);
    expect((sent[0]!.body as Application).allowed_origins).to.deep.equal([
      'https://kept.example',
      'http://127.0.0.1:3499',
    ]);
  });

  it('saves a valid origin still being typed, normalised as the server stores it', async () => {
    const { dialog, input } = renderDialog();
    await userEvent.type(input, 'https://App.Example.com/');
    expect(input.getAttribute('aria-invalid')).to.equal(null);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Anwendung erfolgreich aktualisiert')).to.exist;
    expect((stub.calls('PATCH', PATH)[0]!.body as Application).allowed_origins).to.deep.equal([
      'https://app.example.com',
    ]);
  });

  it("words the server's refusal of an entry by name and reason, not as 'allowed_origins.0'", async () => {
    stub.on('PATCH', PATH, () =>
      json(400, {
        error: 'allowed_origins[0] "https://*.example.com" is not an origin: wildcards (*) are not supported',
        code: 'validation_failed',
        details: [{ path: 'body.allowed_origins.0', message: 'wildcards (*) are not supported' }],
      }),
    );
    // An entry stored before the rule (or a stale page) reaches the server unchecked.
    const { dialog } = renderDialog(['https://*.example.com']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect((await within(dialog).findByRole('alert')).textContent).to.equal(
      'allowed_origins[0] „https://*.example.com“ ist kein Origin: Platzhalter (*) werden nicht unterstützt, tragen Sie jeden Origin einzeln ein.',
    );
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).to.deep.equal(['https://*.example.com']);
    expect(document.body.textContent).not.to.contain('Bitte prüfen Sie');
  });
});
