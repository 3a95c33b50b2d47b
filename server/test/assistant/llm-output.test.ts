import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import MarkdownIt from 'markdown-it';
import { createTestContext, type TestContext } from '../helpers/context.js';

/**
 * Issue #37 item 16: what the language model says reaches API clients, who render it as
 * Markdown. The model is a real HTTP stand-in on loopback (ASSISTANT_LLM_URL is the module's
 * configurable endpoint), answering with markup an attacker could plant through the question or
 * the model: none of it may come back active, and invented endpoints are marked.
 */
const HOSTILE = [
  'Revoke it with `POST /api/v1/tokens/{id}/revoke`, or call POST /api/v1/does-not-exist.',
  '',
  '<img src=x onerror=alert(1)>',
  '<script>alert(2)</script><a href="javascript:alert(3)">a</a>',
  '[x](javascript:alert(1)) [y](JaVaScRiPt:alert(4)) [z](&#106;avascript:alert(5))',
  '[d](data:text/html;base64,PHNjcmlwdD5hbGVydCg2KTwvc2NyaXB0Pg==) ![pixel](https://evil.example/p.png)',
  '<javascript:alert(7)> [ref link][r]',
  '',
  '[r]: javascript:alert(8)',
  '',
  '[docs](/docs#op-post-api-v1-tokens-id-revoke) [site](https://example.com/help) [mail](mailto:help@example.com)',
  '',
  '```bash',
  'curl -X DELETE https://iam.example.com/api/v1/tokens/abc # `DELETE /api/v1/made-up/thing`',
  '<img src=x onerror=alert(9)>',
  '```',
].join('\n');

describe('the assistant’s language-model answer is safe Markdown with real endpoints only', function () {
  this.timeout(30_000);
  let server: Server;
  let ctx: TestContext;

  before(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: HOSTILE } }] })),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    ctx = await createTestContext({
      env: {
        ASSISTANT_LLM_URL: `http://127.0.0.1:${port}/v1/chat/completions`,
        ASSISTANT_LLM_KEY: 'sk-test',
        ASSISTANT_RATE_LIMIT_PER_IP: '1000',
      },
    });
  });
  after(async () => {
    await ctx?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('renders no raw HTML, only http(s)/mailto/relative links, and marks invented endpoints', async () => {
    const response = await ctx.request
      .post('/api/v1/assistant/ask')
      .send({ question: 'How do I revoke an API token?' });
    expect(response.status).to.equal(200);
    const markdown = response.body.documentation as string;

    // Rendered as permissively as a client might: raw HTML allowed.
    const html = new MarkdownIt({ html: true, linkify: true }).render(markdown);
    expect(html).not.to.match(/<img/i);
    expect(html).not.to.match(/<script/i);
    expect(html).not.to.match(/<a href="javascript/i);
    expect(html).not.to.match(/<[^>]+\son\w+=/i, 'no event handler attribute in any tag');
    const hrefs = [...html.matchAll(/\b(?:href|src)="([^"]*)"/g)].map((match) => match[1]!);
    expect(hrefs).to.deep.equal([
      '/docs#op-post-api-v1-tokens-id-revoke',
      'https://example.com/help',
      'mailto:help@example.com',
    ]);
    // The escaped markup is still there as text, and the links' words remain.
    expect(html).to.contain('&lt;img src=x onerror=alert(1)&gt;');
    expect(markdown).to.contain('x y z\nd pixel');

    // Endpoints: the real one as written; invented ones marked, in prose and in code.
    expect(markdown).to.contain('`POST /api/v1/tokens/{id}/revoke`, or');
    expect(markdown).to.contain('POST /api/v1/does-not-exist (no such endpoint in this API).');
    expect(markdown).to.contain('Note: `DELETE /api/v1/made-up/thing` (no such endpoint in this API).');
    expect(markdown).not.to.contain('`DELETE /api/v1/tokens/abc` (no such');
  });
});
