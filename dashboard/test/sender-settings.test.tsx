import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'chai';
import { Route, Routes } from 'react-router';
import ApplicationTemplates from '../src/pages/EmailTemplates/ApplicationTemplates';
import { useUiStore } from '../src/stores/ui';
import { useToastStore } from '../src/ui/useToast';
import { FetchStub, json } from './fetch-stub';
import { renderWithProviders } from './render';

const APP = { id: 'a1', name: 'Shop Web', project_id: 'p1', organization_id: 'o1' };

/** The e-mail settings screen's senders: verified vs pending, with a resend button (issue #37 item 7). */
describe('e-mail settings: senders', () => {
  let stub: FetchStub;
  let settings: {
    application_id: string;
    default_locale: string;
    verified_senders: string[];
    pending_senders: string[];
  };

  beforeEach(() => {
    settings = {
      application_id: 'a1',
      default_locale: 'de',
      verified_senders: ['support@shop.example'],
      pending_senders: ['ceo@shop.example'],
    };
    stub = new FetchStub()
      .on('GET', '/api/v1/applications/a1', () => json(200, APP))
      // The caller's role decides what may be changed; unanswered, the query fails after its
      // retries (on a slow run mid-test) and the controls turn into "missing permission" hints.
      .on('GET', '/api/v1/organizations', () =>
        json(200, {
          data: [{ id: 'o1', name: 'Partner', role: 'admin', is_active: true }],
          next_cursor: null,
        }),
      )
      .on('GET', '/api/v1/email-templates', () => json(200, { data: [], next_cursor: null }))
      .on('GET', '/api/v1/applications/a1/email-settings', () => json(200, settings))
      .install();
  });

  afterEach(() => {
    cleanup();
    stub.restore();
    act(() => useToastStore.setState({ toasts: [] }));
  });

  const renderSettings = (locale: 'de' | 'en') => {
    act(() => {
      void useUiStore.getState().setLocale(locale);
    });
    return renderWithProviders(
      <Routes>
        <Route path="/application-email-templates/:applicationId" element={<ApplicationTemplates />} />
      </Routes>,
      { route: '/application-email-templates/a1' },
    );
  };

  const section = async (title: string) =>
    within((await screen.findByRole('heading', { name: title, level: 2 })).closest('section')!);

  it('shows verified and pending senders apart and resends the link of a pending one (German)', async () => {
    stub.on('POST', '/api/v1/applications/a1/email-settings/sender-verification', () => json(200, settings));
    const user = userEvent.setup();
    renderSettings('de');
    const senders = await section('Absender');
    const verified = (await senders.findByText('support@shop.example')).closest('li')!;
    expect(within(verified).getByText('Bestätigt')).to.exist;
    expect(within(verified).queryByRole('button')).to.equal(null);
    const pending = senders.getByText('ceo@shop.example').closest('li')!;
    expect(within(pending).getByText('Ausstehend')).to.exist;

    await user.click(
      within(pending).getByRole('button', { name: 'Bestätigungslink erneut an ceo@shop.example senden' }),
    );
    await waitFor(() =>
      expect(stub.calls('POST', '/api/v1/applications/a1/email-settings/sender-verification')).to.have.length(
        1,
      ),
    );
    expect(
      stub.calls('POST', '/api/v1/applications/a1/email-settings/sender-verification')[0]!.body,
    ).to.deep.equal({
      address: 'ceo@shop.example',
    });
    expect(await screen.findByText('Bestätigungslink an ceo@shop.example gesendet')).to.exist;
  });

  it('adds a sender as pending through the settings (English), keeping the others', async () => {
    stub.on('PATCH', '/api/v1/applications/a1/email-settings', (request) => {
      const body = request.body as { verified_senders: string[] };
      settings = {
        ...settings,
        pending_senders: body.verified_senders.filter((s) => s !== 'support@shop.example'),
      };
      return json(200, settings);
    });
    const user = userEvent.setup();
    renderSettings('en');
    const senders = await section('Senders');
    expect(await senders.findByText('Verified')).to.exist;
    expect(senders.getByText('Pending')).to.exist;
    expect(senders.getByRole('button', { name: 'Resend the verification link to ceo@shop.example' })).to
      .exist;
    await user.type(senders.getByLabelText('Sender address'), 'News@Shop.example');
    await user.click(senders.getByRole('button', { name: 'Add sender' }));
    await waitFor(() =>
      expect(stub.calls('PATCH', '/api/v1/applications/a1/email-settings')).to.have.length(1),
    );
    expect(stub.calls('PATCH', '/api/v1/applications/a1/email-settings')[0]!.body).to.deep.equal({
      verified_senders: ['support@shop.example', 'ceo@shop.example', 'news@shop.example'],
    });
    const added = (await senders.findByText('news@shop.example')).closest('li')!;
    expect(within(added).getByText('Pending')).to.exist;
  });

  it('shows why the server refused (e.g. an admin-only change)', async () => {
    stub.on('POST', '/api/v1/applications/a1/email-settings/sender-verification', () =>
      json(429, { error: 'Too many', code: 'rate_limited' }),
    );
    const user = userEvent.setup();
    renderSettings('de');
    const senders = await section('Absender');
    await user.click(await senders.findByRole('button', { name: /erneut an ceo@shop.example/ }));
    expect(await senders.findByRole('alert')).to.exist;
  });
});
