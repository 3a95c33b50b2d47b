import { expect } from 'chai';
import { pino } from 'pino';
import { createAssistantService } from '../../src/modules/assistant/index.js';
import { PROMPT_TYPES, type Chunk, type PromptType } from '../../src/modules/assistant/search-index.js';
import { bearer, signedInUser } from '../auth/helpers.js';
import { createTestContext, type TestContext } from '../helpers/context.js';

interface Answer {
  documentation: string;
  sources: { title: string; url: string; excerpt: string }[];
}

const PATHS = ['/api/v1/assistant/ask', '/functions/v1/ai-documentation'] as const;
const NOTHING_FOUND = 'I found nothing in the documentation';

/** `METHOD /path` pairs of the OpenAPI document, with `{param}` written as `:param` too. */
function knownOperations(document: { paths: Record<string, Record<string, unknown>> }): Set<string> {
  const known = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) {
      known.add(`${method.toUpperCase()} ${path}`);
      known.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  return known;
}

describe('documentation assistant: POST /api/v1/assistant/ask and /functions/v1/ai-documentation', function () {
  this.timeout(30_000);
  let ctx: TestContext;

  before(async () => {
    ctx = await createTestContext({
      env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', ASSISTANT_RATE_LIMIT_PER_IP: '1000' },
    });
  });
  after(() => ctx?.close());

  async function ask(question: unknown, prompt_type?: string, path: string = PATHS[0]): Promise<Answer> {
    const response = await ctx.request.post(path).send({ question, prompt_type });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body as Answer;
  }

  function expectCited(answer: Answer, url: string | RegExp) {
    const urls = answer.sources.map((source) => source.url);
    if (typeof url === 'string') expect(urls).to.include(url);
    else
      expect(
        urls.some((candidate) => url.test(candidate)),
        urls.join(', '),
      ).to.equal(true);
    for (const source of answer.sources) {
      expect(source.title, 'source title').to.be.a('string').and.not.equal('');
      expect(source.url, 'source url').to.match(/^\/docs#[a-z0-9_-]+$/);
      expect(source.excerpt, `excerpt of ${source.url}`).to.be.a('string').and.not.equal('');
    }
    // The answer cites each source with a link the docs page resolves.
    for (const source of answer.sources) expect(answer.documentation).to.contain(`](${source.url})`);
  }

  it('revoking a token: names POST /api/v1/tokens/{id}/revoke and cites it', async () => {
    const answer = await ask('How do I revoke an API token?', 'userAuth');
    expect(answer.documentation).to.contain('POST /api/v1/tokens/{id}/revoke');
    expectCited(answer, '/docs#op-post-api-v1-tokens-id-revoke');
  });

  it('sending e-mail: names the send endpoint and cites it (on both paths)', async () => {
    for (const path of PATHS) {
      const answer = await ask('How can I send an e-mail to a user?', undefined, path);
      expect(answer.documentation).to.match(/POST \/(api\/v1\/email\/send|functions\/v1\/send-email)/);
      expectCited(answer, /^\/docs#op-post-(api-v1-email-send|functions-v1-send-email)$/);
    }
  });

  it('tracking page views: names the SDK call IamSdk.page() and cites the SDK reference', async () => {
    const answer = await ask('How do I track page views?', 'logging');
    expect(answer.documentation).to.contain('IamSdk.page(');
    expectCited(answer, /^\/docs#sdk-reference--iamsdkpage/);
  });

  it('reading logs: names GET /api/v1/activity-logs and cites it', async () => {
    const answer = await ask('How can I read the activity logs?', 'logging');
    expect(answer.documentation).to.contain('GET /api/v1/activity-logs');
    expectCited(answer, '/docs#op-get-api-v1-activity-logs');
  });

  it('answers in code too: the cited operation comes with a curl example', async () => {
    const answer = await ask('How do I revoke an API token?');
    expect(answer.documentation).to.match(/```sh\ncurl -X POST "\$IAM_URL\/api\/v1\/tokens\/<id>\/revoke"/);
  });

  it('nonsense gets "nothing found", no sources, and no endpoint', async () => {
    for (const question of ['xyzzy plugh frobnicate', 'How do I bake a chocolate cake?']) {
      const answer = await ask(question);
      expect(answer.documentation, question).to.contain(NOTHING_FOUND);
      expect(answer.sources, question).to.deep.equal([]);
      expect(answer.documentation, question).to.not.match(/\b(GET|POST|PATCH|DELETE) \//);
    }
  });

  it('never names an endpoint the API does not have', async () => {
    const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body;
    const known = knownOperations(document);
    const questions = [
      'How do I revoke an API token?',
      'How can I send an e-mail?',
      'How do I track page views?',
      'How can I read the activity logs?',
      'How do I register an end user for my application?',
      'How do I create a project?',
      'How do I invite a member to my organization?',
      'How do I check the health of the server?',
    ];
    for (const question of questions) {
      const { documentation } = await ask(question);
      // Endpoints the answer names as a heading or in a curl example.
      const named = [
        ...[...documentation.matchAll(/^### (GET|POST|PATCH|PUT|DELETE) (\S+)/gm)].map(
          (m) => `${m[1]} ${m[2]}`,
        ),
        ...[...documentation.matchAll(/curl -X (\w+) "\$IAM_URL([^"?]+)/g)].map(
          (m) => `${m[1]} ${m[2]!.replace(/<(\w+)>/g, '{$1}')}`,
        ),
      ];
      for (const endpoint of named) expect(known.has(endpoint), `${question}: ${endpoint}`).to.equal(true);
    }
  });

  it('prompt_type moves that area up the ranking', async () => {
    // "session id": sign-in sessions (userAuth) or the SDKs' tracking session ids (logging). Which
    // three sections an answer cites depends on the whole corpus (every guide and every operation:
    // the pool users' routes brought many "session" texts), so the ranking is compared with itself,
    // for the same question: with each prompt_type and without one, the whole of it.
    const question = 'session id';
    const { index } = await createAssistantService({
      config: ctx.config,
      connection: ctx.database.connection,
      logger: pino({ level: 'silent' }),
      openApiDocument: () => ctx.app.locals.openApiDocument as unknown,
    }).load();
    const ranking = (promptType?: PromptType) =>
      index.query(question, promptType, index.size).map((hit) => hit.chunk);
    const ids = (chunks: Chunk[]) => chunks.map((chunk) => chunk.id);
    const neutral = ranking();
    const rankings = Object.fromEntries(PROMPT_TYPES.map((type) => [type, ranking(type)])) as Record<
      PromptType,
      Chunk[]
    >;
    expect(neutral.length, 'sections about session ids').to.be.greaterThan(10);

    for (const promptType of PROMPT_TYPES) {
      const biased = rankings[promptType];
      // The same sections match; prompt_type only reorders them: its area's sections never sink,
      // the others never rise, and for this question (found in several areas) some do move.
      expect(ids(biased), promptType).to.have.members(ids(neutral));
      let moved = 0;
      for (const [before, chunk] of neutral.entries()) {
        const after = ids(biased).indexOf(chunk.id);
        if (chunk.areas.includes(promptType))
          expect(after, `${promptType}: ${chunk.title}`).to.be.at.most(before);
        else expect(after, `${promptType}: ${chunk.title}`).to.be.at.least(before);
        if (after !== before) moved += 1;
      }
      expect(moved, `${promptType} moves sections`).to.be.greaterThan(0);
    }

    // userAuth answers with sign-in sessions first; logging brings the SDKs' tracking up, above
    // where it stands without a prompt type and with userAuth.
    expect(rankings.userAuth[0]!.title).to.match(/session/i);
    const tracking = rankings.logging.find(
      (chunk) => chunk.areas.includes('logging') && /python|sdk|track/i.test(chunk.title),
    );
    expect(tracking, ids(rankings.logging).join(' | ')).to.exist;
    const position = (chunks: Chunk[]) => ids(chunks).indexOf(tracking!.id);
    expect(position(rankings.logging), tracking!.title)
      .to.be.lessThan(position(neutral))
      .and.lessThan(position(rankings.userAuth));

    // The answers cite the head of the ranking for their prompt_type (on both paths).
    for (const path of PATHS) {
      for (const promptType of ['userAuth', 'logging'] as const) {
        const titles = (await ask(question, promptType, path)).sources.map((source) => source.title);
        expect(titles.length, `${path} ${promptType}`).to.be.greaterThan(0);
        expect(titles, `${path} ${promptType}`).to.deep.equal(
          rankings[promptType].slice(0, titles.length).map((chunk) => chunk.title),
        );
      }
    }
  });

  describe('bad input', () => {
    for (const question of ['', '   \n\t ']) {
      it(`${JSON.stringify(question)} is 400 "Please enter a question" on both paths`, async () => {
        for (const path of PATHS) {
          const response = await ctx.request.post(path).send({ question, prompt_type: 'logging' });
          expect(response.status).to.equal(400);
          expect(response.body).to.deep.include({
            error: 'Please enter a question',
            code: 'question_required',
          });
        }
      });
    }

    it('a missing question, a non-string, a question over 1000 characters and an unknown prompt_type are 400', async () => {
      const bodies = [
        {},
        { question: 42 },
        { question: ['a'] },
        { question: 'x'.repeat(1001) },
        { question: 'tokens', prompt_type: 'billing' },
      ];
      for (const body of bodies) {
        const response = await ctx.request.post(PATHS[0]).send(body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.code).to.equal('validation_failed');
        expect(response.body.error).to.be.a('string');
      }
      expect((await ctx.request.post(PATHS[0]).send({})).body.error).to.contain('Please enter a question');
    });

    it('a body that is not JSON is 400, not 500', async () => {
      const response = await ctx.request
        .post(PATHS[1])
        .set('Content-Type', 'application/json')
        .send('{"question": ');
      expect(response.status).to.equal(400);
      expect(response.body.code).to.equal('invalid_json');
    });
  });

  describe('unanswered questions', () => {
    it('are counted per question (case and spacing ignored) and listed for global admins only', async () => {
      await ask('Where is the  QUANTUM flux capacitor?');
      await ask('where is the quantum flux capacitor?', 'monitoring');
      await ask('How do I revoke an API token?'); // answered: not logged
      const rows = await ctx.database.connection
        .collection('assistant_unanswered_questions')
        .find({ question: /quantum/ })
        .toArray();
      expect(rows.map((row) => [row.question, row.count])).to.deep.equal([
        ['where is the quantum flux capacitor?', 2],
      ]);

      const member = await signedInUser(ctx, 'member');
      const refused = await ctx.request.get('/api/v1/assistant/unanswered').set(bearer(member.access_token));
      expect(refused.status).to.equal(403);
      expect(await ctx.request.get('/api/v1/assistant/unanswered').then((r) => r.status)).to.equal(401);
    });
  });
  describe('what the unanswered-question log keeps', () => {
    it('no API tokens, JWTs or e-mail addresses, and a TTL so old questions are forgotten', async () => {
      const token = `cs_${'ab12'.repeat(16)}`;
      const jwt = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';
      await ask(`zorbulate ${token} for quux@example.com with ${jwt}`);
      const rows = await ctx.database.connection
        .collection('assistant_unanswered_questions')
        .find({ question: /zorbulate/ })
        .toArray();
      expect(rows.map((row) => row.question)).to.deep.equal(['zorbulate <api-token> for <email> with <jwt>']);

      await ctx.database.connection.model('AssistantUnansweredQuestion').init();
      const indexes = await ctx.database.connection.collection('assistant_unanswered_questions').indexes();
      const ttl = indexes.find((index) => index.key.last_asked_at === 1);
      expect(ttl?.expireAfterSeconds).to.equal(90 * 86_400);
    });
  });
});

describe('unanswered questions as a global admin', function () {
  this.timeout(30_000);
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext({
      env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', ADMIN_EMAILS: 'docs.admin@example.com' },
    });
  });
  after(() => ctx?.close());

  it('lists the most often asked first', async () => {
    for (const question of ['purple elephants?', 'unicorn stables?', 'Unicorn   stables?'])
      await ctx.request.post('/functions/v1/ai-documentation').send({ question }).expect(200);
    const { registerConfirmed, login } = await import('../auth/helpers.js');
    await registerConfirmed(ctx, 'docs.admin@example.com');
    const admin = await login(ctx, 'docs.admin@example.com');
    const response = await ctx.request.get('/api/v1/assistant/unanswered').set(bearer(admin.access_token));
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(
      response.body.data.map((row: { question: string; count: number }) => [row.question, row.count]),
    ).to.deep.equal([
      ['unicorn stables?', 2],
      ['purple elephants?', 1],
    ]);
  });
});

describe('documentation assistant rate limit', function () {
  this.timeout(30_000);
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext({ env: { ASSISTANT_RATE_LIMIT_PER_IP: '3' } });
  });
  after(() => ctx?.close());

  it('answers 429 with Retry-After once an address asked too often, on both paths together', async () => {
    for (const path of [PATHS[0], PATHS[1], PATHS[0]])
      await ctx.request.post(path).send({ question: 'tokens' }).expect(200);
    const limited = await ctx.request.post(PATHS[1]).send({ question: 'tokens' });
    expect(limited.status).to.equal(429);
    expect(limited.body.code).to.equal('rate_limited');
    expect(Number(limited.headers['retry-after'])).to.be.greaterThan(0);
  });
});
