import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { expect } from 'chai';
import { AuthDialog } from '../src/AuthDialog';
import { fakeApi, type Scenario } from '../src/stories/fake-api';

const APP = '65f0000000000000000000aa';
const ORIGIN = 'https://shop.example';

/** The browser refuses every call (CORS) but the origin check, which names the origin. */
const REFUSED: Scenario = {
  offline: true,
  'origin-check': {
    status: 403,
    body: {
      error: `The origin ${ORIGIN} may not call this application.`,
      code: 'origin_not_allowed',
      allowed: false,
      origin: ORIGIN,
    },
  },
};

/**
 * Issue #36 item 4: on a site whose origin the application does not allow, the dialog says so
 * at start-up — on screen, in the dialog's language, and in the console — which origin to add
 * and where, before anybody types (it used to look fine until the first submit).
 */
describe('AuthDialog on a site whose origin is not allowed', () => {
  let errors: string[];
  const original = console.error;
  beforeEach(() => {
    errors = [];
    console.error = (...args: unknown[]) => void errors.push(args.map(String).join(' '));
  });
  afterEach(() => {
    console.error = original;
    cleanup();
  });

  it('says on screen, in English, which origin to add and where, before anything is typed', async () => {
    const api = fakeApi(REFUSED);
    render(
      <AuthDialog applicationId={APP} client={api.client} apiUrl="https://iam.example.com" locale="en" />,
    );
    const notice = await screen.findByRole('status');
    expect(notice.textContent).to.contain('This site may not use this sign-in yet');
    expect(notice.textContent).to.contain(`Add ${ORIGIN} to the allowed origins`);
    expect(notice.textContent).to.contain(
      'Dashboard → Projects → your project → the application → Allowed origins',
    );
    expect(notice.querySelector('code')!.textContent).to.equal(ORIGIN);
    expect(api.checks).to.have.length(1);
    expect(api.calls, 'no sign-in attempted').to.deep.equal([]);
    // The console names it too: the server's text (both languages there) and what fails meanwhile.
    await waitFor(() =>
      expect(errors).to.deep.equal([
        `[iam-sdk] The origin ${ORIGIN} may not call this application. Sign-in and registration fail until then.`,
      ]),
    );
  });

  it('speaks German with locale="de"', async () => {
    render(
      <AuthDialog
        applicationId={APP}
        client={fakeApi(REFUSED).client}
        apiUrl="https://iam.example.com"
        locale="de"
      />,
    );
    const notice = await screen.findByRole('status');
    expect(notice.textContent).to.contain('Diese Website darf diese Anmeldung noch nicht nutzen');
    expect(notice.textContent).to.contain(`Tragen Sie ${ORIGIN} bei den erlaubten Origins ein`);
    expect(notice.textContent).to.contain(
      'Dashboard → Projekte → Ihr Projekt → die Anwendung → Erlaubte Origins',
    );
  });

  it('shows nothing of the kind on an allowed site', async () => {
    const api = fakeApi();
    render(
      <AuthDialog applicationId={APP} client={api.client} apiUrl="https://iam.example.com" locale="en" />,
    );
    await waitFor(() => expect(api.checks).to.have.length(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('status')).to.equal(null);
    expect(errors).to.deep.equal([]);
  });
});
