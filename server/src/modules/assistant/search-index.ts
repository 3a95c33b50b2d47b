import MiniSearch from 'minisearch';
import { stemmer } from 'stemmer';
import type { Guide } from './guides.js';
import type { ApiOperation } from './openapi-operations.js';
import { englishTermsOf } from './german-terms.js';
import { userFacingSections, userFacingText } from './user-facing.js';

export const PROMPT_TYPES = ['logging', 'monitoring', 'userAuth'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** One searchable piece: a guide's section or an API operation. */
export interface Chunk {
  id: string;
  kind: 'guide' | 'operation';
  /** What a citation calls it, e.g. "API tokens › Routes" or "POST /api/v1/tokens/{id}/revoke — Revoke…". */
  title: string;
  text: string;
  /** The section's first code example (a curl call for operations). */
  code: { language: string; body: string } | null;
  /** Where the docs page shows it, e.g. `/docs#api-tokens--routes`. */
  url: string;
  areas: PromptType[];
}

export interface Hit {
  chunk: Chunk;
  score: number;
  /** The share of the question's search terms this chunk contains (0–1). */
  coverage: number;
}

/** Words that say nothing about the topic (English and German), so they neither match nor count. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be been but by can could do does did for from get got has have how i if in into is it its ' +
    'me my of on or our please should so some than that the their them then there these this those to use using ' +
    'via was way we what when where which who why will with would you your want need tell show explain about any ' +
    'all also just like make one only other such very much many more most here dont not no yes ok okay hello hi thanks ' +
    'der die das ein eine einen einem einer und oder ist sind wie was wo wer warum kann können ich wir sie mit ' +
    'für von zu im in den dem des mein meine mir mich bitte auf aus bei nicht'
  ).split(' '),
);

/** A few spellings the guides use interchangeably. */
const SYNONYMS = new Map<string, string[]>(
  Object.entries({
    email: ['mail'],
    emails: ['mail'],
    mail: ['mail'],
    signin: ['login'],
    logon: ['login'],
    signup: ['regist'],
    pageview: ['page', 'view'],
    pageviews: ['page', 'view'],
    revocation: ['revok'],
  }),
);

/** Lower case, stop words dropped, Porter-stemmed; a few synonyms expanded. */
export function searchTerms(term: string): string[] {
  const word = term.toLowerCase();
  if (word.length < 2 || STOP_WORDS.has(word) || /^\d+$/.test(word)) return [];
  const synonyms = SYNONYMS.get(word);
  if (synonyms) return synonyms;
  // The guides are English: a German question's words are looked up by their English meaning.
  const english = englishTermsOf(word);
  if (english) return english.flatMap((term) => SYNONYMS.get(term) ?? [stemmer(term)]);
  return [stemmer(word)];
}

/** Splits on anything that is not a letter or digit (so `page_view`, `/api/v1/tokens` and `e-mail` split). */
function tokenize(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const AREA_PATTERNS: Record<PromptType, RegExp> = {
  logging: /\blog|activit|track|analytic|event|audit|python-sdk|\bsdk\b/i,
  monitoring: /monitor|health|analytic|installation|metric|benchmark|status|uptime/i,
  userAuth:
    /auth|login|sign|regist|session|token|password|identity|permission|widget|embedding|oauth|google|pool/i,
};

function areasOf(label: string): PromptType[] {
  return PROMPT_TYPES.filter((type) => AREA_PATTERNS[type].test(label));
}

export function chunksOf(guides: Guide[], operations: ApiOperation[]): Chunk[] {
  const chunks: Chunk[] = [];
  for (const guide of guides) {
    // Only user-facing guides, without developer notes (user-facing.ts).
    for (const section of userFacingSections(guide)) {
      const path = [...section.parents, section.heading].filter((part) => part !== guide.parsed.title);
      chunks.push({
        id: `guide:${section.anchor}`,
        kind: 'guide',
        title: [guide.title, ...path].join(' › '),
        text: section.text,
        code: section.code[0] ?? null,
        url: `/docs#${section.anchor}`,
        areas: areasOf(`${guide.slug} ${guide.title} ${path.join(' ')}`),
      });
    }
  }
  for (const operation of operations) {
    const parameters = operation.parameters.map((parameter) => `${parameter.name} (${parameter.in})`);
    const fields = operation.bodyFields.map((field) => field.name);
    const summary = userFacingText(operation.summary);
    chunks.push({
      id: `operation:${operation.anchor}`,
      kind: 'operation',
      title: `${operation.method} ${operation.path} — ${summary}`,
      text: [
        `${operation.method} ${operation.path}: ${summary}.`,
        // "How do I read / list / get …" questions are about the GET operations.
        operation.method === 'GET' ? 'Reads (lists, gets) them.' : '',
        userFacingText(operation.description),
        parameters.length ? `Parameters: ${parameters.join(', ')}.` : '',
        fields.length ? `Body fields: ${fields.join(', ')}.` : '',
        operation.authenticated ? 'Needs Authorization: Bearer <access token or cs_ API token>.' : '',
      ]
        .filter(Boolean)
        .join(' '),
      code: { language: 'sh', body: operation.curl },
      url: `/docs#${operation.anchor}`,
      areas: areasOf(`${operation.tag} ${operation.path} ${operation.summary}`),
    });
  }
  return chunks;
}

/** BM25 (MiniSearch) over guide sections and API operations. */
export class SearchIndex {
  private readonly search: MiniSearch<Chunk>;
  private readonly chunks = new Map<string, Chunk>();

  constructor(chunks: Chunk[]) {
    this.search = new MiniSearch<Chunk>({
      fields: ['title', 'text', 'code'],
      storeFields: ['areas'],
      extractField: (document, field) => {
        if (field === 'code') return document.code?.body ?? '';
        return String((document as unknown as Record<string, unknown>)[field] ?? '');
      },
      tokenize,
      processTerm: searchTerms,
    });
    for (const chunk of chunks) this.chunks.set(chunk.id, chunk);
    this.search.addAll(chunks);
  }

  get size(): number {
    return this.chunks.size;
  }

  /** The question's terms as the index sees them (distinct). */
  terms(question: string): string[] {
    return [...new Set(tokenize(question).flatMap(searchTerms))];
  }

  query(question: string, promptType?: PromptType, limit = 8): Hit[] {
    const terms = this.terms(question);
    if (terms.length === 0) return [];
    const results = this.search.search(terms.join(' '), {
      boost: { title: 3, code: 0.6 },
      // Only long words may differ by a letter; short ones would match anything.
      fuzzy: (term) => (term.length >= 7 ? 0.15 : false),
      prefix: (term) => term.length >= 5,
      // Terms are processed already; MiniSearch would otherwise stem them a second time.
      processTerm: (term) => term,
      boostDocument: (_id, _term, stored) =>
        promptType && (stored?.areas as PromptType[] | undefined)?.includes(promptType) ? 1.4 : 1,
    });
    return results.slice(0, limit).map((result) => ({
      chunk: this.chunks.get(String(result.id))!,
      score: result.score,
      coverage: new Set(result.queryTerms).size / terms.length,
    }));
  }
}
