import type { ApiOperation } from './openapi-operations.js';

/**
 * Makes a language model's answer safe to hand to API clients, which render it as Markdown with
 * whatever renderer they have (some allow raw HTML): raw HTML is escaped to text, only http(s),
 * mailto and relative links survive (others keep their text), images are reduced to their alt
 * text (no tracking pixels, no data: images), and every `METHOD /path` the answer names is
 * checked against the OpenAPI document; unknown ones are marked, since the model may invent them.
 * Code (fenced blocks, inline spans) is left as written: renderers show it as text.
 */

export const NO_SUCH_ENDPOINT = '(no such endpoint in this API)';

/** Served beside the OpenAPI document rather than described in it. */
const EXTRA_ENDPOINTS = [
  'GET /api/v1/openapi.json',
  'GET /api/v1/docs',
  'GET /api/v1/assistant/integration-guide',
];

const MENTION =
  /\b(GET|POST|PUT|PATCH|DELETE)\s+((?:https?:\/\/[^\s/`]+)?\/(?:api|functions)\/[^\s`'"<>()[\]]*)/g;

/** http(s), mailto, or relative (`/docs#…`, `#…`, `guide.md`): nothing with another scheme. */
function safeDestination(destination: string): boolean {
  return /^(?:https?:\/\/|mailto:|[/#?]|\.{1,2}\/|[a-z0-9._~-]+(?:[/?#]|$))/i.test(destination);
}

function segments(path: string): string[] {
  return path
    .replace(/^https?:\/\/[^/]+/i, '')
    .replace(/[?#].*$/, '')
    .replace(/[.,;:!]+$/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (/^(?:\{[^}]*\}|:\w+|<[^>]*>)$/.test(segment) ? '{}' : segment));
}

/** Whether `METHOD /path` is an operation of the document (`{id}`, `:id` and `<id>` match any segment). */
export function endpointChecker(operations: Pick<ApiOperation, 'method' | 'path'>[]) {
  const known = [
    ...operations.map((operation) => ({
      method: operation.method.toUpperCase(),
      path: segments(operation.path),
    })),
    ...EXTRA_ENDPOINTS.map((entry) => {
      const [method, path] = entry.split(' ') as [string, string];
      return { method, path: segments(path) };
    }),
  ];
  return (method: string, path: string): boolean => {
    const wanted = segments(path);
    return known.some(
      (operation) =>
        operation.method === method.toUpperCase() &&
        (wanted.includes('*')
          ? wanted.indexOf('*') <= operation.path.length
          : operation.path.length === wanted.length) &&
        wanted.every(
          (segment, index) =>
            segment === '*' ||
            segment === '{}' ||
            operation.path[index] === '{}' ||
            operation.path[index] === segment,
        ),
    );
  };
}

/** The unknown `METHOD /path` mentions of a text. */
function unknownMentions(text: string, isKnown: (method: string, path: string) => boolean): string[] {
  return [...text.matchAll(MENTION)]
    .filter((match) => !isKnown(match[1]!, match[2]!))
    .map((match) => `${match[1]} ${match[2]!.replace(/[.,;:!]+$/, '')}`);
}

/** Index of the `[` that opens the bracket closed at `close`, or -1. */
function openingBracket(text: string, close: number): number {
  let depth = 0;
  for (let index = close; index >= 0; index--) {
    if (text[index - 1] === '\\') continue;
    if (text[index] === ']') depth++;
    else if (text[index] === '[' && --depth === 0) return index;
  }
  return -1;
}

/** End (exclusive) of an inline link's `(destination "title")` starting at `open`, and its destination. */
function linkTarget(text: string, open: number): { end: number; destination: string } | null {
  let index = open + 1;
  while (text[index] === ' ' || text[index] === '\n') index++;
  let destination: string;
  if (text[index] === '<') {
    const close = text.indexOf('>', index);
    if (close < 0) return null;
    destination = text.slice(index + 1, close);
    index = close + 1;
  } else {
    let depth = 0;
    const start = index;
    for (; index < text.length; index++) {
      const char = text[index]!;
      if (char === '\\') index++;
      else if (char === '(') depth++;
      else if (char === ')' && depth-- === 0) break;
      else if (/\s/.test(char)) break;
    }
    destination = text.slice(start, index);
  }
  const close = text.indexOf(')', index);
  if (close < 0) return null;
  return { end: close + 1, destination };
}

/** Links and images of prose (code already taken out): unsafe links and all images become their text. */
function defuseLinks(prose: string): string {
  let text = prose;
  let from = 0;
  for (;;) {
    const at = text.indexOf('](', from);
    if (at < 0) return text;
    const open = openingBracket(text, at);
    const target = open < 0 ? null : linkTarget(text, at + 1);
    if (!target) {
      from = at + 2;
      continue;
    }
    const image = text[open - 1] === '!';
    if (!image && safeDestination(target.destination)) {
      from = target.end;
      continue;
    }
    const start = image ? open - 1 : open;
    const label = text.slice(open + 1, at);
    text = text.slice(0, start) + label + text.slice(target.end);
    from = start;
  }
}

function defuseProse(prose: string, isKnown: (method: string, path: string) => boolean): string {
  // Inline code spans are kept as written (renderers show them as text), out of the way meanwhile.
  const spans: string[] = [];
  let text = prose.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (span) => {
    const unknown = unknownMentions(span, isKnown);
    spans.push(unknown.length > 0 ? `${span} ${NO_SUCH_ENDPOINT}` : span);
    return `\uE000${spans.length - 1}\uE000`;
  });
  // Raw HTML becomes text: every "<" but that of an http(s)/mailto autolink is escaped.
  text = text.replace(/<(?!(?:https?:\/\/|mailto:)[^\s<>]*>)/gi, '&lt;');
  // Reference definitions with another scheme are dropped; images and unsafe inline links keep their text.
  text = text.replace(/^ {0,3}\[[^\]\n]+\]:[ \t]*(\S+).*$/gm, (line, destination: string) =>
    safeDestination(destination.replace(/^<|>$/g, '')) ? line : '',
  );
  text = defuseLinks(text);
  text = text.replace(MENTION, (mention, method: string, path: string) => {
    if (isKnown(method, path)) return mention;
    // The note goes before a sentence's closing punctuation.
    const punctuation = /[.,;:!]+$/.exec(mention)?.[0] ?? '';
    return `${mention.slice(0, mention.length - punctuation.length)} ${NO_SUCH_ENDPOINT}${punctuation}`;
  });
  return text.replace(/\uE000(\d+)\uE000/g, (_placeholder, index: string) => spans[Number(index)]!);
}

/** The answer made safe (see above). */
export function safeAnswer(markdown: string, operations: Pick<ApiOperation, 'method' | 'path'>[]): string {
  const isKnown = endpointChecker(operations);
  // Code spans are held by private-use placeholders, so any such character the model sent goes first.
  const lines = markdown.replace(/\uE000/g, '').split('\n');
  const out: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length > 0) out.push(defuseProse(prose.join('\n'), isKnown));
    prose = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(lines[index]!);
    if (!fence) {
      prose.push(lines[index]!);
      continue;
    }
    flush();
    // A fenced block up to its closing fence (or the end): kept as written, unknown endpoints noted after it.
    const marker = fence[1]!;
    const block = [lines[index]!];
    let closed = false;
    while (++index < lines.length) {
      block.push(lines[index]!);
      if (new RegExp(`^ {0,3}${marker[0]}{${marker.length},}\\s*$`).test(lines[index]!)) {
        closed = true;
        break;
      }
    }
    if (!closed) block.push(marker);
    out.push(block.join('\n'));
    const unknown = unknownMentions(block.join('\n'), isKnown);
    if (unknown.length > 0)
      out.push(`\n${unknown.map((mention) => `Note: \`${mention}\` ${NO_SUCH_ENDPOINT}.`).join('\n')}`);
  }
  flush();
  return out.join('\n');
}
