/**
 * Plain-text rendering of mail HTML. A small single-pass scanner rather than regular expressions
 * over the whole document: its cost stays linear whatever markup a caller hands in.
 */

/** Elements whose content is not part of the readable text. */
const SKIPPED_ELEMENTS = new Set(['head', 'title', 'style', 'script', 'template']);

/** Elements that start a new paragraph of text. */
const BLOCK_ELEMENTS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'table',
  'tr',
  'ul',
  'ol',
  'blockquote',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'center',
  'hr',
]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  auml: 'ä',
  ouml: 'ö',
  uuml: 'ü',
  Auml: 'Ä',
  Ouml: 'Ö',
  Uuml: 'Ü',
  szlig: 'ß',
  euro: '€',
  copy: '©',
  reg: '®',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  laquo: '«',
  raquo: '»',
  bdquo: '„',
  ldquo: '“',
  rdquo: '”',
  middot: '·',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z][a-z0-9]{1,31});/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const codePoint =
        body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : Number(body.slice(1));
      return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
    }
    return Object.hasOwn(NAMED_ENTITIES, body) ? NAMED_ENTITIES[body]! : entity;
  });
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: string;
}

function readAttribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(
    attributes,
  );
  if (!match) return undefined;
  return decodeEntities(match[1] ?? match[2] ?? match[3] ?? '').trim();
}

function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/**
 * Converts mail HTML to readable text: paragraphs and line breaks are kept, links become
 * `label: url` (or just the url when the label is the url), everything else loses its markup.
 */
export function htmlToText(html: string): string {
  const out: string[] = [];
  let skipping: string | undefined;
  let openLink: { href: string | undefined; start: number } | undefined;

  const closeLink = () => {
    if (!openLink) return;
    const label = collapseWhitespace(out.splice(openLink.start).join('')).trim();
    const href = openLink.href;
    openLink = undefined;
    if (!href || href.startsWith('#')) {
      out.push(label);
    } else if (!label || label === href || `mailto:${label}` === href) {
      out.push(label || href);
    } else {
      out.push(`${label}: ${href}`);
    }
  };

  const handleTag = (tag: Tag) => {
    if (skipping) {
      if (tag.closing && tag.name === skipping) skipping = undefined;
      return;
    }
    if (!tag.closing && SKIPPED_ELEMENTS.has(tag.name) && !tag.attributes.endsWith('/')) {
      skipping = tag.name;
      return;
    }
    if (tag.name === 'a') {
      closeLink();
      if (!tag.closing) openLink = { href: readAttribute(tag.attributes, 'href'), start: out.length };
    } else if (tag.name === 'br') {
      out.push('\n');
    } else if (tag.name === 'li' && !tag.closing) {
      out.push('\n- ');
    } else if (tag.name === 'img' && !tag.closing) {
      out.push(readAttribute(tag.attributes, 'alt') ?? '');
    } else if (tag.name === 'td' || tag.name === 'th') {
      out.push(' ');
    } else if (BLOCK_ELEMENTS.has(tag.name)) {
      out.push('\n\n');
    }
  };

  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    const textEnd = lt === -1 ? html.length : lt;
    if (!skipping && textEnd > index)
      out.push(collapseWhitespace(decodeEntities(html.slice(index, textEnd))));
    if (lt === -1) break;

    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      index = end === -1 ? html.length : end + 3;
      continue;
    }
    const name = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(lt, lt + 34));
    const isDeclaration = html[lt + 1] === '!' || html[lt + 1] === '?';
    if (!name && !isDeclaration) {
      // A lone "<" in text, such as "a < b".
      if (!skipping) out.push('<');
      index = lt + 1;
      continue;
    }
    const gt = html.indexOf('>', lt + 1);
    if (gt === -1) break;
    index = gt + 1;
    if (name) {
      const attributes = html.slice(lt + name[0].length, gt).trim();
      handleTag({ name: name[2]!.toLowerCase(), closing: name[1] === '/', attributes });
    }
  }
  closeLink();

  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Every distinct http(s) link in a text, in order of appearance. */
export function extractLinks(text: string): string[] {
  const links = (text.match(/\bhttps?:\/\/[^\s<>"']+/g) ?? []).map((link) =>
    link.replace(/[.,;:!?)\]]+$/, ''),
  );
  return [...new Set(links)];
}
