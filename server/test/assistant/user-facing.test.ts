import { expect } from 'chai';
import { detectLanguage } from '../../src/modules/assistant/language.js';
import {
  splitSentences,
  userFacingText,
  USER_FACING_GUIDES,
} from '../../src/modules/assistant/user-facing.js';
import { createTestContext, type TestContext } from '../helpers/context.js';

interface Answer {
  documentation: string;
  sources: { title: string; url: string; excerpt: string }[];
  language: 'de' | 'en';
}

/** What a developer note looks like to someone integrating the product (issue #36, item 8). */
const DEVELOPER_NOTES = [
  /SPEC\s*§/i,
  /noValidate/,
  /server\/src\//,
  /dashboard\/src\//,
  /test\/e2e\//,
  /\.test\.ts\b/,
  /\bissue #?\d+/i,
];

/** Questions people ask, some of them about what only the developer guides used to answer. */
const QUESTIONS = [
  'How does client validation work in forms?',
  'How are passwords hashed?',
  'How fast is the sign-in?',
  'How do I revoke an API token?',
  'How do I embed the sign-in dialog?',
  'How do I set up two-factor sign-in?',
  'How do I track page views?',
  'How do I send an e-mail to a user?',
  'How do I invite a member to my organization?',
  'What are allowed origins?',
  'How do I verify an end user token on my server?',
  'How does the dashboard refresh its session?',
  'Wie widerrufe ich ein API-Token?',
  'Wie binde ich den Anmeldedialog ein?',
  'Wie funktioniert die Formularvalidierung?',
];

/** The guide a docs anchor belongs to: `/docs#<guide>--<section>`, `/docs#<guide>`, or an operation. */
function guideOf(url: string): string {
  const anchor = url.replace(/^\/docs#/, '');
  if (anchor.startsWith('op-')) return 'operation';
  return anchor.split('--')[0]!;
}

describe('documentation assistant: user-facing answers in the question’s language (issue #36, item 8)', function () {
  this.timeout(60_000);
  let ctx: TestContext;
  const answers = new Map<string, Answer>();

  before(async () => {
    ctx = await createTestContext({
      env: { BCRYPT_COST: '4', RATE_LIMIT_PER_IP: '10000', ASSISTANT_RATE_LIMIT_PER_IP: '1000' },
    });
    for (const question of QUESTIONS) {
      const response = await ctx.request.post('/api/v1/assistant/ask').send({ question });
      expect(response.status, question).to.equal(200);
      answers.set(question, response.body as Answer);
    }
  });
  after(() => ctx?.close());

  it('a German question gets a German answer', async () => {
    const answer = answers.get('Wie widerrufe ich ein API-Token?')!;
    expect(answer.language).to.equal('de');
    expect(answer.documentation).to.match(/^Das steht in der Dokumentation dazu/);
    expect(answer.documentation).to.contain('Quelle: [');
    expect(answer.documentation).to.not.contain('Here is what the documentation says');
    expect(answer.documentation).to.not.match(/^Source: /m);
    // Found through the German words: the revoke endpoint.
    expect(answer.documentation).to.contain('POST /api/v1/tokens/{id}/revoke');
  });

  it('a German question the docs cannot answer gets a German "nothing found"', async () => {
    const response = await ctx.request
      .post('/api/v1/assistant/ask')
      .send({ question: 'Wie backe ich einen Schokoladenkuchen?' });
    expect(response.body.language).to.equal('de');
    expect(response.body.documentation).to.match(/^Dazu habe ich in der Dokumentation nichts gefunden\./);
  });

  it('an English question still gets an English answer', () => {
    const answer = answers.get('How do I revoke an API token?')!;
    expect(answer.language).to.equal('en');
    expect(answer.documentation).to.match(/^Here is what the documentation says/);
  });

  it('no answer contains a developer note (SPEC §, noValidate, source paths, issue numbers)', () => {
    for (const [question, answer] of answers) {
      for (const note of DEVELOPER_NOTES) {
        expect(answer.documentation, `${question}: ${note}`).to.not.match(note);
        for (const source of answer.sources)
          expect(source.excerpt, `${question}: ${note}`).to.not.match(note);
      }
    }
  });

  it('answers cite only user-facing guides (or API operations)', () => {
    let cited = 0;
    for (const [question, answer] of answers) {
      const links = [...answer.documentation.matchAll(/\]\((\/docs#[^)]+)\)/g)].map((match) => match[1]!);
      for (const url of [...answer.sources.map((source) => source.url), ...links]) {
        const guide = guideOf(url);
        if (guide !== 'operation') expect(USER_FACING_GUIDES, `${question} cites ${url}`).to.include(guide);
        cited += 1;
      }
    }
    expect(cited).to.be.greaterThan(QUESTIONS.length);
  });

  it('quotes whole sentences: no passage starts in the middle of one', () => {
    for (const [question, answer] of answers) {
      // The quoted passage is the paragraph right after each "### " heading.
      for (const match of answer.documentation.matchAll(/^### .+\n\n(.+)$/gm)) {
        expect(match[1]!, `${question}: ${match[1]!.slice(0, 80)}`).to.match(/^[\p{Lu}\d"„“'`(<*[/-]/u);
      }
      for (const source of answer.sources)
        expect(source.excerpt, `${question}: excerpt of ${source.url}`).to.not.match(/ …$/);
    }
  });
});

describe('assistant: language of a question, sentences, developer notes', () => {
  it('tells German from English questions', () => {
    const german = [
      'Wie widerrufe ich ein API-Token?',
      'Wo finde ich die Protokolle?',
      'Kann ich Seitenaufrufe erfassen',
      'Passwort zurücksetzen',
      'Was ist ein Projekt?',
      'Benutzer einladen',
    ];
    const english = [
      'How do I revoke an API token?',
      'Where are the logs?',
      'API token revoke',
      'webhooks',
      'What is a project?',
      'reset password',
    ];
    for (const question of german) expect(detectLanguage(question), question).to.equal('de');
    for (const question of english) expect(detectLanguage(question), question).to.equal('en');
  });

  it('splits sentences without breaking file names, abbreviations or versions', () => {
    expect(
      splitSentences('See two-factor.md) the login answers. It uses v1.2, e.g. the default. Done!'),
    ).to.deep.equal(['See two-factor.md) the login answers.', 'It uses v1.2, e.g. the default.', 'Done!']);
  });

  it('drops developer notes and keeps the sentence around a noted parenthesis', () => {
    expect(
      userFacingText(
        'Client validation (SPEC §5) shows German texts. Forms use `noValidate` so our texts show. ' +
          'Code: server/src/modules/auth. Tokens expire after 15 minutes (issue #37).',
      ),
    ).to.equal('Client validation shows German texts. Tokens expire after 15 minutes.');
  });
});
