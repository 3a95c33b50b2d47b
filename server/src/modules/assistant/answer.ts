import type { Language } from './language.js';
import type { Chunk, Hit, SearchIndex } from './search-index.js';
import { splitSentences } from './user-facing.js';

export interface Source {
  title: string;
  url: string;
  excerpt: string;
}

export interface Answer {
  documentation: string;
  sources: Source[];
  /** False when nothing in the documentation was relevant enough (logged as unanswered). */
  found: boolean;
  /** The sections the answer is built from, for the optional language model. */
  sections: Chunk[];
}

/**
 * The best hit must contain at least this share of the question's terms, rounded up (both of two,
 * two of three, three of four or five)…
 */
const MIN_COVERAGE = 0.6;
/** …and score at least this (BM25, with the title boost). */
const MIN_SCORE = 4;
/** Further sections join the answer when they score at least this share of the best one. */
const RELATIVE_SCORE = 0.4;
const MAX_SECTIONS = 3;
const EXCERPT_CHARS = 280;
const ANSWER_TEXT_CHARS = 700;
const CODE_LINES = 25;

/** The words around the quoted sections, in the question's language (the guides are English). */
const TEMPLATES: Record<
  Language,
  { nothing: string; closest: string; tryOther: string; intro: string; source: string }
> = {
  en: {
    nothing: 'I found nothing in the documentation that answers this question.',
    closest: 'The closest sections are:',
    tryOther: 'Try other words, or browse the guides and the endpoint reference on this page.',
    intro: 'Here is what the documentation says, best match first:',
    source: 'Source',
  },
  de: {
    nothing: 'Dazu habe ich in der Dokumentation nichts gefunden.',
    closest: 'Am nächsten kommen diese Abschnitte:',
    tryOther:
      'Versuchen Sie es mit anderen Worten, oder sehen Sie in den Anleitungen und der Endpunkt-Referenz auf dieser Seite nach.',
    intro:
      'Das steht in der Dokumentation dazu, der beste Treffer zuerst. Die Anleitungen sind auf Englisch; die Abschnitte werden wörtlich zitiert:',
    source: 'Quelle',
  },
};

/**
 * The passage of a section that holds most of the question's terms, about `limit` characters long,
 * in whole sentences: it starts at a sentence and ends at one (a single longer sentence is kept whole).
 */
export function passage(index: SearchIndex, text: string, questionTerms: string[], limit: number): string {
  const all = splitSentences(text);
  if (all.length === 0) return '';
  let best = 0;
  let bestScore = -1;
  all.forEach((sentence, position) => {
    const terms = new Set(index.terms(sentence));
    const score = questionTerms.filter((term) => [...terms].some((own) => own.startsWith(term))).length;
    if (score > bestScore) [best, bestScore] = [position, score];
  });
  let result = '';
  for (const sentence of all.slice(best)) {
    if (result && result.length + sentence.length > limit) break;
    result = result ? `${result} ${sentence}` : sentence;
  }
  return result;
}

function fence(code: { language: string; body: string }): string {
  const lines = code.body.split('\n');
  const body = lines.length > CODE_LINES ? [...lines.slice(0, CODE_LINES), '…'].join('\n') : code.body;
  return ['```' + code.language, body, '```'].join('\n');
}

/**
 * The retrieval answer: the best sections with their code examples, each cited; or, below the
 * relevance threshold, a plain "nothing found" with the closest sections as suggestions. It only
 * ever repeats what the documentation says, so it cannot name an endpoint that does not exist.
 */
export function composeAnswer(
  index: SearchIndex,
  question: string,
  hits: Hit[],
  language: Language = 'en',
): Answer {
  const words = TEMPLATES[language];
  const terms = index.terms(question);
  const needed = Math.ceil(terms.length * MIN_COVERAGE) / Math.max(terms.length, 1);
  const relevant = (hit: Hit) => hit.coverage >= needed - 1e-9;
  const best = hits[0];
  if (!best || !relevant(best) || best.score < MIN_SCORE) {
    const closest = hits.slice(0, 3);
    const lines = [words.nothing];
    if (closest.length > 0) {
      lines.push('', words.closest, '');
      for (const hit of closest) lines.push(`- [${hit.chunk.title}](${hit.chunk.url})`);
    } else {
      lines.push('', words.tryOther);
    }
    return { documentation: lines.join('\n'), sources: [], found: false, sections: [] };
  }

  const chosen: Hit[] = [];
  for (const hit of hits) {
    if (chosen.length >= MAX_SECTIONS) break;
    if (hit.score < best.score * RELATIVE_SCORE || !relevant(hit)) continue;
    if (chosen.some((other) => other.chunk.url === hit.chunk.url)) continue;
    chosen.push(hit);
  }
  const parts = [words.intro];
  for (const { chunk } of chosen) {
    parts.push('', `### ${chunk.title}`, '', passage(index, chunk.text, terms, ANSWER_TEXT_CHARS));
    if (chunk.code) parts.push('', fence(chunk.code));
    parts.push('', `${words.source}: [${chunk.title}](${chunk.url})`);
  }
  return {
    documentation: parts.join('\n'),
    sources: chosen.map(({ chunk }) => ({
      title: chunk.title,
      url: chunk.url,
      excerpt: passage(index, chunk.text, terms, EXCERPT_CHARS),
    })),
    found: true,
    sections: chosen.map(({ chunk }) => chunk),
  };
}
