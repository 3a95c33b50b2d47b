import { expect } from 'chai';
import type { JSDOM } from 'jsdom';
import { Tracker } from '../src/index';
import { APP_ID, createPage, IngestServer, sleep } from './helpers';

describe('tracker: page views', () => {
  let server: IngestServer;
  let page: JSDOM;
  const trackers: Tracker[] = [];
  const start = () => {
    const created = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      flushAt: 1,
    });
    trackers.push(created);
    return created;
  };
  const pageViews = () => server.activities().filter((activity) => activity.action === 'page_view');

  beforeEach(async () => {
    server = await new IngestServer().start();
    page = createPage('https://shop.example/start', 'https://search.example/?q=shoes');
    page.window.document.title = 'Start';
  });
  afterEach(async () => {
    for (const created of trackers.splice(0)) await created.shutdown();
    await server.stop();
    page.window.close();
  });

  it('logs a page_view 1 s after load, with url, path, title and referrer', async () => {
    const sdk = start();
    const started = Date.now();
    await sleep(700);
    expect(pageViews()).to.have.length(0);
    await server.waitFor(() => pageViews().length === 1, 2000, 'the page view');
    expect(Date.now() - started).to.be.at.least(950);
    const [view] = pageViews();
    expect(view).to.deep.include({
      action: 'page_view',
      resource_type: 'other',
      installation_id: sdk.ids()!.installation_id,
      anonymous_user_id: sdk.ids()!.anonymous_id,
    });
    expect(view.metadata).to.deep.equal({
      url: 'https://shop.example/start',
      path: '/start',
      title: 'Start',
      referrer: 'https://search.example/?q=shoes',
      trigger: 'load',
    });
  });

  it('logs one on every history navigation that changes the URL (pushState, replaceState, back)', async () => {
    start();
    await server.waitFor(() => pageViews().length === 1, 2000, 'the load page view');
    const { history } = page.window;
    history.pushState({}, '', '/products/42');
    await server.waitFor(() => pageViews().length === 2, 2000, 'pushState');
    expect(pageViews()[1].metadata).to.include({
      url: 'https://shop.example/products/42',
      path: '/products/42',
      referrer: 'https://shop.example/start',
      trigger: 'pushState',
    });
    history.replaceState({ scroll: 10 }, ''); // same URL: no new page
    history.replaceState({}, '', '/products/42?tab=reviews');
    await server.waitFor(() => pageViews().length === 3, 2000, 'replaceState');
    expect(pageViews()[2].metadata).to.include({ path: '/products/42', trigger: 'replaceState' });
    history.back();
    await server.waitFor(() => pageViews().length === 4, 2000, 'popstate');
    expect(pageViews()[3].metadata).to.include({ url: 'https://shop.example/start', trigger: 'popstate' });
    await sleep(200);
    expect(pageViews()).to.have.length(4);
  });

  it('patches history once however many trackers run, and the page’s own calls still work', async () => {
    const { history } = page.window;
    start();
    const patched = history.pushState;
    start();
    expect(history.pushState).to.equal(patched);
    history.pushState({ n: 1 }, '', '/a');
    expect(page.window.location.pathname).to.equal('/a');
    expect(history.state).to.deep.equal({ n: 1 });
    expect(() => history.pushState({}, '', 'https://elsewhere.example/')).to.throw();
    await server.waitFor(() => pageViews().filter((view) => view.metadata.path === '/a').length === 2, 2000);
  });

  it('page() logs a page view on demand, and autoPageViews: false turns the automatic ones off', async () => {
    const sdk = new Tracker({
      applicationId: APP_ID,
      apiUrl: server.url,
      window: page.window as unknown as Window,
      autoPageViews: false,
      flushAt: 1,
    });
    trackers.push(sdk);
    page.window.history.pushState({}, '', '/silent');
    await sleep(1200);
    expect(pageViews()).to.have.length(0);
    sdk.page({ section: 'help' });
    await server.waitFor(() => pageViews().length === 1);
    expect(pageViews()[0].metadata).to.include({ section: 'help', path: '/silent', trigger: 'manual' });
  });
});
