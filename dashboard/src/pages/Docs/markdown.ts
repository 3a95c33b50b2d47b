import { sectionAnchor } from '@iam-platform/common';
import MarkdownIt from 'markdown-it';

/**
 * Markdown of the guides to HTML for the docs page. Raw HTML in the source is escaped (`html:
 * false`) and markdown-it refuses javascript:/vbscript:/data: link targets, so the result is safe
 * to insert. Headings get the anchors the server's assistant cites (`sectionAnchor` of
 * @iam-platform/common: `<guide>--<github-style slug>`), links between guides stay on this page,
 * and code blocks get a copy button.
 */

/** Where a link of a guide leads on this page: `sdk.md#options` → `#sdk--options`. */
export function pageHref(href: string): string {
  const guide = /^(?:\.\/)?([a-z0-9-]+)\.md(?:#(.*))?$/.exec(href);
  if (guide) return guide[2] ? `#${guide[1]}--${guide[2]}` : `#${guide[1]}`;
  const docs = /^\/(?:api-)?docs(#.*)$/.exec(href);
  if (docs) return docs[1]!;
  return href;
}

export interface RenderOptions {
  /** Prefix of the heading anchors (the guide's slug); none for answers. */
  anchorPrefix?: string;
  /** Leave out the first `#` heading (the page shows the title itself). */
  dropTitle?: boolean;
  /** How many levels headings move down (a guide's `##` inside an `h2` section becomes `h3`). */
  headingOffset?: number;
}

const markdown = new MarkdownIt({ html: false, linkify: false, typographer: false });

markdown.renderer.rules.fence = (tokens, index) => {
  const token = tokens[index]!;
  const language = token.info.trim().split(/\s+/)[0] ?? '';
  const code = markdown.utils.escapeHtml(token.content);
  const label = language ? ` data-language="${markdown.utils.escapeHtml(language)}"` : '';
  return (
    `<div class="code-block"${label}><button type="button" class="copy-code">Copy</button>` +
    `<pre tabindex="0"><code>${code}</code></pre></div>\n`
  );
};
markdown.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n';
markdown.renderer.rules.table_close = () => '</table></div>\n';

export function renderMarkdown(source: string, options: RenderOptions = {}): string {
  const env = {};
  const tokens = markdown.parse(source, env);
  const used = new Map<string, number>();
  const offset = options.headingOffset ?? 0;
  let dropped = false;
  const kept: typeof tokens = [];
  for (let position = 0; position < tokens.length; position += 1) {
    const token = tokens[position]!;
    if (token.type === 'heading_open' && token.tag === 'h1' && options.dropTitle && !dropped) {
      dropped = true;
      position += 2; // the heading's inline content and its closing token
      continue;
    }
    if (token.type === 'heading_open' || token.type === 'heading_close') {
      const level = Math.min(6, Number(token.tag.slice(1)) + offset);
      if (token.type === 'heading_open') {
        const inline = tokens[position + 1]!;
        if (options.anchorPrefix && token.tag !== 'h1') {
          let anchor = sectionAnchor(options.anchorPrefix, inline.content);
          const seen = used.get(anchor) ?? 0;
          used.set(anchor, seen + 1);
          if (seen > 0) anchor = `${anchor}-${seen}`;
          token.attrSet('id', anchor);
        }
      }
      token.tag = `h${level}`;
    }
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type !== 'link_open') continue;
        const href = String(child.attrGet('href') ?? '');
        child.attrSet('href', pageHref(href));
        if (/^https?:/.test(href)) {
          child.attrSet('target', '_blank');
          child.attrSet('rel', 'noopener noreferrer');
        }
      }
    }
    kept.push(token);
  }
  return markdown.renderer.render(kept, markdown.options, env);
}
