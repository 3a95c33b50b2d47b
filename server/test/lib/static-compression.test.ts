/**
 * What a browser or CDN sees: built files precompressed by `scripts/precompress.mjs` come back
 * brotli- or gzip-encoded by Accept-Encoding with the original's type and cache headers and
 * `Vary: Accept-Encoding`; JSON over 1 KB is compressed, tiny responses are not.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
// @ts-expect-error -- a plain .mjs build script without type declarations
import { precompressDirectory } from '../../../scripts/precompress.mjs';
import { createTestContext, type TestContext } from '../helpers/context.js';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request that leaves the body as sent (no client-side decoding). */
function rawGet(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${urlPath}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(response: RawResponse): Buffer {
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(response.body);
    case 'gzip':
      return gunzipSync(response.body);
    default:
      return response.body;
  }
}

/** Text that compresses like code does (repetitive, but not a single repeated byte). */
function bundleText(bytes: number): string {
  let text = '';
  for (let i = 0; text.length < bytes; i++) text += `export function f${i}(a){return a*${i}+"${i % 7}";}\n`;
  return text;
}

describe('compressed responses', () => {
  let ctx: TestContext;
  let server: Server;
  let base: string;
  let staticRoot: string;
  const sdkBundle = bundleText(40_000);
  const assetBundle = bundleText(20_000);
  const widgetRebuilt = bundleText(12_000);
  const indexHtml = `<!doctype html><html><head>${'<meta name="x" content="y">'.repeat(80)}</head><body><div id="root"></div></body></html>`;

  before(async () => {
    staticRoot = await mkdtemp(path.join(tmpdir(), 'iam-compress-'));
    const dashboardDist = path.join(staticRoot, 'dashboard');
    await mkdir(path.join(dashboardDist, 'assets'), { recursive: true });
    await writeFile(path.join(dashboardDist, 'index.html'), indexHtml);
    await writeFile(path.join(dashboardDist, 'assets', 'index-Ab12Cd34.js'), assetBundle);
    await writeFile(path.join(dashboardDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await mkdir(path.join(staticRoot, 'sdk'));
    await writeFile(path.join(staticRoot, 'sdk', 'iam-sdk.min.js'), sdkBundle);
    // Random bytes do not compress: no copy is kept for them.
    await writeFile(path.join(staticRoot, 'sdk', 'noise.json'), randomBytes(4096));
    await mkdir(path.join(staticRoot, 'widget'));
    await writeFile(path.join(staticRoot, 'widget', 'tiny.js'), 'var w=1');
    await writeFile(path.join(staticRoot, 'widget', 'widget.js'), bundleText(10_000));
    for (const dir of ['dashboard', 'sdk', 'widget']) precompressDirectory(path.join(staticRoot, dir));
    // Rebuilt on its own afterwards, without the precompress step: its copies are stale.
    await writeFile(path.join(staticRoot, 'widget', 'widget.js'), widgetRebuilt);
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(staticRoot, 'widget', 'widget.js'), later, later);

    ctx = await createTestContext({
      config: (config) => ({
        ...config,
        paths: {
          ...config.paths,
          dashboardDist,
          sdkDist: path.join(staticRoot, 'sdk'),
          widgetDist: path.join(staticRoot, 'widget'),
        },
      }),
    });
    server = ctx.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await ctx?.close();
    await rm(staticRoot, { recursive: true, force: true });
  });

  it('the build step writes brotli and gzip copies only where they pay', () => {
    expect(existsSync(path.join(staticRoot, 'sdk', 'iam-sdk.min.js.br'))).to.equal(true);
    expect(existsSync(path.join(staticRoot, 'sdk', 'iam-sdk.min.js.gz'))).to.equal(true);
    expect(existsSync(path.join(staticRoot, 'widget', 'tiny.js.br')), 'under 1 KiB').to.equal(false);
    expect(existsSync(path.join(staticRoot, 'sdk', 'noise.json.br')), 'incompressible').to.equal(false);
  });

  it('serves /cdn/ bundles brotli-encoded to browsers that send "gzip, deflate, br"', async () => {
    const response = await rawGet(base, '/cdn/sdk/iam-sdk.min.js', {
      'Accept-Encoding': 'gzip, deflate, br',
    });
    expect(response.status).to.equal(200);
    expect(response.headers['content-encoding']).to.equal('br');
    expect(response.headers.vary).to.match(/accept-encoding/i);
    expect(response.headers['content-type']).to.match(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).to.equal('public, max-age=3600');
    expect(response.headers['access-control-allow-origin']).to.equal('*');
    expect(response.headers['cross-origin-resource-policy']).to.equal('cross-origin');
    expect(response.body.length).to.be.below(sdkBundle.length / 4);
    expect(decoded(response).toString()).to.equal(sdkBundle);
  });

  it('serves gzip to clients without brotli, and the file itself (still Vary) to clients without either', async () => {
    const gzip = await rawGet(base, '/cdn/sdk/iam-sdk.min.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).to.equal('gzip');
    expect(decoded(gzip).toString()).to.equal(sdkBundle);

    const refused = await rawGet(base, '/cdn/sdk/iam-sdk.min.js', { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    const plain = await rawGet(base, '/cdn/sdk/iam-sdk.min.js');
    for (const response of [refused, plain]) {
      expect(response.status).to.equal(200);
      expect(response.headers['content-encoding']).to.equal(undefined);
      expect(response.headers.vary).to.match(/accept-encoding/i);
      expect(response.headers['cache-control']).to.equal('public, max-age=3600');
      expect(response.body.toString()).to.equal(sdkBundle);
    }
  });

  it('keeps hashed dashboard assets cacheable for a year and index.html revalidated, compressed', async () => {
    const asset = await rawGet(base, '/assets/index-Ab12Cd34.js', { 'Accept-Encoding': 'br' });
    expect(asset.headers['content-encoding']).to.equal('br');
    expect(asset.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
    expect(asset.headers.vary).to.match(/accept-encoding/i);
    expect(decoded(asset).toString()).to.equal(assetBundle);

    for (const page of ['/', '/organizations/123']) {
      const html = await rawGet(base, page, { 'Accept-Encoding': 'gzip', Accept: 'text/html' });
      expect(html.status).to.equal(200);
      expect(html.headers['content-encoding']).to.equal('gzip');
      expect(html.headers['content-type']).to.match(/^text\/html/);
      expect(html.headers['cache-control']).to.equal('no-cache');
      expect(decoded(html).toString()).to.equal(indexHtml);
    }
  });

  it('never serves a compressed copy older than its file (rebuilt without the precompress step)', async () => {
    expect(existsSync(path.join(staticRoot, 'widget', 'widget.js.br'))).to.equal(true);
    const response = await rawGet(base, '/cdn/widget/widget.js', { 'Accept-Encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).to.equal(undefined);
    expect(response.body.toString()).to.equal(widgetRebuilt);
  });

  it('does not encode files under 1 KiB', async () => {
    const tiny = await rawGet(base, '/cdn/widget/tiny.js', { 'Accept-Encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).to.equal(undefined);
    expect(tiny.body.toString()).to.equal('var w=1');
  });

  it('compresses JSON over 1 KB by Accept-Encoding and leaves small JSON alone', async () => {
    const document = await rawGet(base, '/api/v1/openapi.json', { 'Accept-Encoding': 'gzip, br' });
    expect(document.status).to.equal(200);
    expect(document.headers['content-encoding']).to.equal('br');
    expect(document.headers.vary).to.match(/accept-encoding/i);
    expect(document.headers['content-type']).to.match(/^application\/json/);
    expect(Number(document.headers['content-length'])).to.equal(document.body.length);
    const parsed = JSON.parse(decoded(document).toString()) as { openapi: string };
    expect(parsed.openapi).to.match(/^3\.1\./);

    const gzip = await rawGet(base, '/api/v1/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).to.equal('gzip');
    expect(JSON.parse(decoded(gzip).toString())).to.deep.equal(parsed);

    const health = await rawGet(base, '/api/v1/health', { 'Accept-Encoding': 'gzip, br' });
    expect(health.body.length).to.be.below(1024);
    expect(health.headers['content-encoding']).to.equal(undefined);
    expect(JSON.parse(health.body.toString())).to.include({ status: 'ok' });
  });
});
