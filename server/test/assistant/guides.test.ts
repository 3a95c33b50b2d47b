import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';

const DOCS = path.resolve(import.meta.dirname, '..', '..', '..', 'docs');

describe('guides and the AI integration guide (GET /api/v1/guides, /api/v1/assistant/integration-guide)', function () {
  this.timeout(30_000);
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext();
  });
  after(() => ctx?.close());

  it('lists every guide in docs/ once, in the order of docs/README.md, plus the generated SDK reference', async () => {
    const response = await ctx.request.get('/api/v1/guides').expect(200);
    const slugs = (response.body.data as { slug: string }[]).map((guide) => guide.slug);
    const files = (await readdir(DOCS))
      .filter((file) => file.endsWith('.md') && !['README.md', 'ai-integration.md'].includes(file))
      .map((file) => file.slice(0, -3));
    expect([...slugs].sort()).to.deep.equal([...files, 'sdk-reference'].sort());
    const readme = await readFile(path.join(DOCS, 'README.md'), 'utf8');
    const indexed = [...readme.matchAll(/\]\(([a-z0-9-]+)\.md\)/g)]
      .map((match) => match[1]!)
      .filter((slug) => slugs.includes(slug));
    expect(slugs.slice(0, indexed.length)).to.deep.equal([...new Set(indexed)]);
    expect(slugs[0]).to.equal('getting-started');
    for (const guide of response.body.data) {
      expect(guide.title, guide.slug).to.be.a('string').and.not.equal('');
      expect(guide.description, guide.slug).to.be.a('string').and.not.equal('');
    }
  });

  it('serves a guide’s Markdown as written in docs/', async () => {
    const response = await ctx.request.get('/api/v1/guides/self-hosting').expect(200);
    expect(response.body).to.include({
      slug: 'self-hosting',
      title: 'Self-hosting',
      source: 'docs/self-hosting.md',
    });
    expect(response.body.markdown).to.equal(await readFile(path.join(DOCS, 'self-hosting.md'), 'utf8'));
  });

  it('generates the SDK reference from the SDK sources', async () => {
    const { body } = await ctx.request.get('/api/v1/guides/sdk-reference').expect(200);
    expect(body.source).to.equal(null);
    for (const call of [
      'IamSdk.track(event, properties?)',
      'IamSdk.page(metadata?)',
      'IamSdk.login(email, password)',
    ]) {
      expect(body.markdown).to.contain(`### ${call}`);
    }
    expect(body.markdown).to.match(/### iam\.track\(event, properties=None/);
    const source = await readFile(path.resolve(DOCS, '..', 'sdk', 'src', 'tracker.ts'), 'utf8');
    const pageDoc = /\/\*\* (A page_view[^*]*) \*\/\n {2}page\(/.exec(source)?.[1];
    expect(pageDoc, 'the doc comment of Tracker.page').to.be.a('string');
    expect(body.markdown).to.contain(pageDoc);
  });

  it('answers 404 guide_not_found for an unknown guide and 400 for a malformed name', async () => {
    const missing = await ctx.request.get('/api/v1/guides/no-such-guide');
    expect(missing.status).to.equal(404);
    expect(missing.body.code).to.equal('guide_not_found');
    for (const name of ['..%2F..%2Fpackage', 'README.md', 'A']) {
      const bad = await ctx.request.get(`/api/v1/guides/${name}`);
      expect(bad.status, name).to.equal(400);
    }
  });

  it('the AI integration guide lists every operation of the OpenAPI document and the SDK calls', async () => {
    const response = await ctx.request.get('/api/v1/assistant/integration-guide').expect(200);
    expect(response.headers['content-type']).to.equal('text/markdown; charset=utf-8');
    expect(response.headers['content-disposition']).to.equal(undefined);
    const guide = response.text;
    expect(guide).to.contain(
      await readFile(path.join(DOCS, 'ai-integration.md'), 'utf8').then((text) => text.trim()),
    );
    const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [route, item] of Object.entries(document.paths)) {
      for (const method of Object.keys(item))
        expect(guide).to.contain(`\`${method.toUpperCase()} ${route}\``);
    }
    expect(guide).to.contain('IamSdk.track(event, properties?)');
    expect(guide).to.contain('iam.track(event, properties=None');

    const download = await ctx.request.get('/api/v1/assistant/integration-guide?download=1').expect(200);
    expect(download.headers['content-disposition']).to.match(
      /^attachment; filename="?iam-platform-ai-integration\.md"?$/,
    );
    expect(download.text).to.equal(guide);
  });
});
