/**
 * Inline Markdown reduced to text, and the heading anchors built from it. The dashboard's docs page
 * gives guide headings these anchors; the server's assistant cites sections by them, so a cited
 * section links straight to its heading.
 */

/** GitHub's heading anchor rule: lower case, HTML tags and punctuation dropped, spaces become hyphens. */
export function headingSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Markdown inline syntax reduced to its text: images and links keep their label, code its content. */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|\*)(?=\S)([^*]+?)\1/g, '$2')
    .replace(/(?<![\p{L}\p{N}_])(__|_)(?=\S)([^_]+?)\1(?![\p{L}\p{N}_])/gu, '$2')
    .trim();
}

/**
 * The anchor of a heading (its Markdown source) inside a guide on the docs page:
 * `<guide>--<github-style slug>`. A repeated heading gets `-1`, `-2`, … appended by the caller.
 */
export function sectionAnchor(guideSlug: string, heading: string): string {
  return `${guideSlug}--${headingSlug(inlineText(heading))}`;
}
