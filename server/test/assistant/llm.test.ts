import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';

interface ChatRequest {
  headers: IncomingMessage['headers'];
  body: { model: string; messages: { role: string; content: string }[] };
}

/** A loopback stand-in for an OpenAI-compatible chat-completions endpoint. */
async function startFakeLlm(
  reply: (request: ChatRequest) => { status: number; body: unknown; delayMs?: number },
): Promise<{ url: string; requests: ChatRequest[]; close(): Promise<void> }> {
  const requests: ChatRequest[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      const request = { headers: req.headers, body: JSON.parse(text) as ChatRequest['body'] };
      requests.push(request);
      const answer = reply(request);
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const QUESTION = 'How do I revoke an API token?';
const PHRASED = 'Call `POST /api/v1/tokens/{id}/revoke` ([source](/docs#op-post-api-v1-tokens-id-revoke)).';

describe('documentation assistant with a language model (ASSISTANT_LLM_URL)', function () {
  this.timeout(30_000);
  let llm: Awaited<ReturnType<typeof startFakeLlm>>;
  let ctx: TestContext;
  let mode: 'answer' | 'error' | 'slow' | 'empty' = 'answer';

  before(async () => {
    llm = await startFakeLlm(() => {
      if (mode === 'error') return { status: 500, body: { error: { message: 'overloaded' } } };
      if (mode === 'slow')
        return { status: 200, body: { choices: [{ message: { content: 'late' } }] }, delayMs: 3000 };
      if (mode === 'empty') return { status: 200, body: { choices: [] } };
      return { status: 200, body: { choices: [{ message: { role: 'assistant', content: PHRASED } }] } };
    });
    ctx = await createTestContext({
      env: {
        ASSISTANT_LLM_URL: llm.url,
        ASSISTANT_LLM_KEY: 'sk-test-key',
        ASSISTANT_LLM_MODEL: 'test-model',
        ASSISTANT_LLM_TIMEOUT_MS: '500',
        ASSISTANT_RATE_LIMIT_PER_IP: '1000',
      },
    });
  });
  after(async () => {
    await ctx?.close();
    await llm?.close();
  });
  beforeEach(() => {
    mode = 'answer';
    llm.requests.length = 0;
  });

  async function ask(question: string) {
    const response = await ctx.request
      .post('/functions/v1/ai-documentation')
      .send({ question, prompt_type: 'userAuth' });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body as { documentation: string; sources: { url: string }[] };
  }

  it('sends the found sections with an answer-only-from-them instruction and returns the model’s answer', async () => {
    const answer = await ask(QUESTION);
    expect(answer.documentation).to.equal(PHRASED);
    expect(answer.sources.map((source) => source.url)).to.include('/docs#op-post-api-v1-tokens-id-revoke');

    expect(llm.requests).to.have.length(1);
    const [request] = llm.requests;
    expect(request!.headers.authorization).to.equal('Bearer sk-test-key');
    expect(request!.body.model).to.equal('test-model');
    const [system, user] = request!.body.messages;
    expect(system!.role).to.equal('system');
    expect(system!.content).to.match(/ONLY the documentation sections/);
    expect(system!.content).to.match(/never invent an endpoint/);
    expect(user!.content).to.contain(`Question: ${QUESTION}`);
    expect(user!.content).to.contain('POST /api/v1/tokens/{id}/revoke — Revoke an API token');
    expect(user!.content).to.contain('/docs#op-post-api-v1-tokens-id-revoke');
  });

  it('falls back to the retrieval answer when the model answers with an error', async () => {
    mode = 'error';
    const answer = await ask(QUESTION);
    expect(llm.requests).to.have.length(1);
    expect(answer.documentation).to.contain('Here is what the documentation says');
    expect(answer.documentation).to.contain('POST /api/v1/tokens/{id}/revoke');
  });

  it('falls back when the model gives no answer', async () => {
    mode = 'empty';
    const answer = await ask(QUESTION);
    expect(answer.documentation).to.contain('POST /api/v1/tokens/{id}/revoke');
  });

  it('falls back when the model does not answer within ASSISTANT_LLM_TIMEOUT_MS', async () => {
    mode = 'slow';
    const started = Date.now();
    const answer = await ask(QUESTION);
    expect(Date.now() - started, 'waited for the timeout, not for the model').to.be.below(2500);
    expect(answer.documentation).to.contain('POST /api/v1/tokens/{id}/revoke');
  });

  it('does not ask the model when nothing relevant was found', async () => {
    const answer = await ask('xyzzy plugh frobnicate');
    expect(answer.documentation).to.contain('I found nothing in the documentation');
    expect(llm.requests).to.have.length(0);
  });
});

describe('documentation assistant with an unreachable language model', function () {
  this.timeout(30_000);
  let ctx: TestContext;
  before(async () => {
    // A port nothing listens on: the connection is refused at once.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    ctx = await createTestContext({
      env: { ASSISTANT_LLM_URL: `http://127.0.0.1:${port}/v1/chat/completions`, ASSISTANT_LLM_KEY: 'k' },
    });
  });
  after(() => ctx?.close());

  it('answers from the search index', async () => {
    const response = await ctx.request.post('/api/v1/assistant/ask').send({ question: QUESTION });
    expect(response.status).to.equal(200);
    expect(response.body.documentation).to.contain('POST /api/v1/tokens/{id}/revoke');
  });
});
