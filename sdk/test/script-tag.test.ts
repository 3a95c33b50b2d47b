import { expect } from 'chai';
import { JSDOM } from 'jsdom';
import { scriptTagBundle } from './build';
import { APP_ID, IngestServer } from './helpers';

interface WindowWithSdk {
  IamSdk: {
    track(event: string, properties?: object): void;
    flush(): Promise<void>;
    ids(): { installation_id: string; anonymous_id: string } | null;
    login(email: string, password: string): Promise<{ token: string }>;
    reset(): void;
    getInstance():
      { tracker: { config: { apiUrl: string; flushAt: number; applicationId: string } } } | undefined;
    IamClient: unknown;
    createId(kind: string): string;
  };
}

describe('script-tag build (auto-init from data attributes)', function () {
  this.timeout(60_000);
  let server: IngestServer;
  let dom: JSDOM;

  before(async () => {
    const scriptTag = await scriptTagBundle();
    server = await new IngestServer().start();
    server.files.set('/cdn/sdk/iam-sdk.min.js', { type: 'text/javascript', body: scriptTag });
  });
  after(async () => {
    dom?.window.close();
    await server.stop();
  });

  it('defines window.IamSdk, registers the installation, logs page views and events, links on login', async () => {
    server.respond = (request) =>
      request.path === '/api/auth/login'
        ? {
            status: 200,
            body: { token: 't', refresh_token: 'r', expires_at: 4102444800, user: { id: 'u1' } },
          }
        : { status: 200, body: { success: true } };
    const html = `<!doctype html><title>Partner</title>
      <script src="${server.url}/cdn/sdk/iam-sdk.min.js" data-application-id="${APP_ID}" data-flush-at="1"></script>`;
    dom = new JSDOM(html, {
      url: 'https://partner.example/home',
      runScripts: 'dangerously',
      resources: 'usable',
      pretendToBeVisual: true,
      // jsdom has no fetch; the page gets Node's, as a browser would have its own.
      beforeParse: (window) => Object.assign(window, { fetch: globalThis.fetch }),
    });
    await new Promise((resolve) => dom.window.addEventListener('load', resolve));
    const sdk = (dom.window as unknown as WindowWithSdk).IamSdk;
    expect(sdk).to.be.an('object');
    expect(sdk.getInstance()!.tracker.config).to.include({
      applicationId: APP_ID,
      apiUrl: server.url,
      flushAt: 1,
    });
    expect(sdk.createId('installation')).to.match(/^inst_/);
    expect(sdk.IamClient).to.be.a('function');

    await server.waitFor(() => server.to('/api/v1/installations').length === 1, 3000, 'the registration');
    const pageViews = () => server.activities().filter((activity) => activity.action === 'page_view');
    await server.waitFor(() => pageViews().length === 1, 3000, 'the page view of the load');
    dom.window.history.pushState({}, '', '/pricing');
    await server.waitFor(() => pageViews().length === 2, 3000, 'the page view of pushState');
    expect(pageViews()[1].metadata.path).to.equal('/pricing');

    sdk.track('cta_clicked', { position: 'hero' });
    await server.waitFor(() => server.events().length === 1, 3000, 'the custom event');
    expect(server.events()[0]).to.deep.include({ event: 'cta_clicked', properties: { position: 'hero' } });

    const ids = sdk.ids()!;
    await sdk.login('ada@example.com', 'secret');
    expect(server.to('/api/auth/login')[0]!.body).to.include({
      anonymous_id: ids.anonymous_id,
      installation_id: ids.installation_id,
    });
  });

  it('links the anonymous user when the auth widget of the same application signs someone in or out', async () => {
    server.received = [];
    server.respond = () => ({ status: 200, body: { success: true } });
    const html = `<!doctype html><title>Partner</title>
      <script src="${server.url}/cdn/sdk/iam-sdk.min.js" data-application-id="${APP_ID}" data-flush-at="1"></script>`;
    dom?.window.close();
    dom = new JSDOM(html, {
      url: 'https://partner.example/home',
      runScripts: 'dangerously',
      resources: 'usable',
      pretendToBeVisual: true,
      beforeParse: (window) => Object.assign(window, { fetch: globalThis.fetch }),
    });
    await new Promise((resolve) => dom.window.addEventListener('load', resolve));
    const { document, CustomEvent } = dom.window;
    const sdk = (dom.window as unknown as WindowWithSdk).IamSdk;
    const widget = (applicationId: string) => {
      const element = document.createElement('iam-auth-dialog');
      element.setAttribute('application-id', applicationId);
      document.body.append(element);
      return element;
    };
    const signedIn = (token: string) =>
      new CustomEvent('iam-auth-success', {
        bubbles: true,
        composed: true,
        detail: { user: { id: '65f000000000000000000001' }, token, refresh_token: 'r', expires_at: 1 },
      });

    // Another application's dialog on the same page: not ours to link.
    widget('65f0000000000000000000ff').dispatchEvent(signedIn('other-token'));
    const ours = widget(APP_ID);
    const anonymous = sdk.ids()!.anonymous_id;
    ours.dispatchEvent(signedIn('widget-token'));
    await server.waitFor(() => server.to('/api/v1/identify').length === 1, 3000, 'the identify call');
    const identify = server.to('/api/v1/identify')[0]!;
    expect(identify.headers.authorization).to.equal('Bearer widget-token');
    expect(identify.body).to.include({ anonymous_id: anonymous });
    expect(server.to('/api/v1/identify')).to.have.length(1);

    ours.dispatchEvent(new CustomEvent('iam-auth-signout', { bubbles: true, composed: true }));
    expect(sdk.ids()!.anonymous_id).to.not.equal(anonymous);
  });
});
