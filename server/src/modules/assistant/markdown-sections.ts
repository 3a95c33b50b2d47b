import { inlineText, sectionAnchor } from '@iam-platform/common';

/**
 * Splits a Markdown guide into its sections (one per `##`/`###` heading, plus the text before the
 * first one), keeping prose and code apart. The anchors are the ones the docs page gives the same
 * headings (`sectionAnchor` of @iam-platform/common), so a cited section can be linked directly.
 */

export interface MarkdownSection {
  /** The heading's text; the guide's title for the part before the first sub-heading. */
  heading: string;
  /** Headings above this one, outermost first (without the guide's title). */
  parents: string[];
  /** `<guide>--<heading-slug>`, or the guide's slug for its introduction. */
  anchor: string;
  /** Prose of the section, code blocks left out, whitespace collapsed. */
  text: string;
  /** The section's fenced code blocks, in order. */
  code: { language: string; body: string }[];
}

export interface ParsedGuide {
  title: string;
  sections: MarkdownSection[];
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

export function parseGuide(guideSlug: string, markdown: string): ParsedGuide {
  let title = guideSlug;
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection & { lines: string[] } = {
    heading: guideSlug,
    parents: [],
    anchor: guideSlug,
    text: '',
    code: [],
    lines: [],
  };
  const stack: { level: number; heading: string }[] = [];
  let fence: { marker: string; language: string; lines: string[] } | undefined;
  const usedAnchors = new Map<string, number>();

  const finish = () => {
    current.text = inlineText(current.lines.join('\n').replace(/\s+/g, ' '));
    const { lines: _lines, ...section } = current;
    if (section.text || section.code.length > 0 || section.anchor !== guideSlug) sections.push(section);
  };

  for (const line of markdown.split(/\r?\n/)) {
    if (fence) {
      if (line.trim().startsWith(fence.marker) && line.trim().replace(/[`~]/g, '') === '') {
        current.code.push({ language: fence.language, body: fence.lines.join('\n') });
        fence = undefined;
      } else fence.lines.push(line);
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening) {
      fence = { marker: opening[1]!, language: opening[2] ?? '', lines: [] };
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const text = inlineText(heading[2]!);
      if (level === 1) {
        title = text;
        current.heading = text;
        continue;
      }
      finish();
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      let anchor = sectionAnchor(guideSlug, heading[2]!);
      // Repeated headings get -1, -2, … as on GitHub (and on the docs page).
      const seen = usedAnchors.get(anchor) ?? 0;
      usedAnchors.set(anchor, seen + 1);
      if (seen > 0) anchor = `${anchor}-${seen}`;
      current = {
        heading: text,
        parents: stack.map((entry) => entry.heading),
        anchor,
        text: '',
        code: [],
        lines: [],
      };
      stack.push({ level, heading: text });
      continue;
    }
    // Table rules and pipes carry no meaning for search or excerpts.
    if (/^\s*\|?\s*:?-{3,}/.test(line)) continue;
    current.lines.push(line.replace(/\|/g, ' '));
  }
  if (fence) current.code.push({ language: fence.language, body: fence.lines.join('\n') });
  finish();
  if (sections[0]?.anchor === guideSlug) sections[0].heading = title;
  return { title, sections };
}
