import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineText } from '@iam-platform/common';
import { parseGuide, type ParsedGuide } from './markdown-sections.js';
import { buildSdkReference } from './sdk-reference.js';

export interface Guide {
  /** File name without `.md`; also the guide's anchor on the docs page. */
  slug: string;
  title: string;
  description: string;
  markdown: string;
  /** `docs/<slug>.md`, or null for a guide generated from sources. */
  source: string | null;
  parsed: ParsedGuide;
}

/** The reference generated from the SDK's sources, listed among the guides. */
export const SDK_REFERENCE_SLUG = 'sdk-reference';
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** `- [Title](file.md) — description` lines of docs/README.md: the guides' order and blurbs. */
function readManifest(readme: string): Map<string, { title: string; description: string }> {
  const entries = new Map<string, { title: string; description: string }>();
  for (const line of readme.split('\n')) {
    for (const match of line.matchAll(/\[([^\]]+)\]\(([a-z0-9-]+)\.md\)/g)) {
      const slug = match[2]!;
      if (entries.has(slug)) continue;
      const rest = line.slice(match.index + match[0].length);
      const description = /^\s*[—–-]\s*(.+)$/.exec(rest)?.[1] ?? '';
      entries.set(slug, { title: inlineText(match[1]!), description: inlineText(description) });
    }
  }
  return entries;
}

/**
 * Every guide in docs/ (README.md is the index, not a guide) in the index's order, files the index
 * does not name yet at the end, then the SDK reference generated from sdk/src and sdk/python. Read
 * from disk each time it is called: callers cache.
 */
export async function loadGuides(docsDir: string, sdkSourceDir: string): Promise<Guide[]> {
  const files = (await readdir(docsDir))
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => file.slice(0, -3))
    .filter((slug) => SLUG.test(slug));
  const manifest = readManifest(await readFile(path.join(docsDir, 'README.md'), 'utf8').catch(() => ''));
  const order = [...manifest.keys()];
  files.sort((a, b) => {
    const rank = (slug: string) => (order.includes(slug) ? order.indexOf(slug) : order.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  const guides: Guide[] = [];
  for (const slug of files) {
    const markdown = await readFile(path.join(docsDir, `${slug}.md`), 'utf8');
    const parsed = parseGuide(slug, markdown);
    const entry = manifest.get(slug);
    guides.push({
      slug,
      title: parsed.title,
      description: entry?.description || firstSentence(parsed),
      markdown,
      source: `docs/${slug}.md`,
      parsed,
    });
  }
  const reference = await buildSdkReference(sdkSourceDir);
  guides.push({
    slug: SDK_REFERENCE_SLUG,
    title: 'SDK reference',
    description:
      'Every public call of the JavaScript SDK and the Python client, generated from their sources.',
    markdown: reference,
    source: null,
    parsed: parseGuide(SDK_REFERENCE_SLUG, reference),
  });
  return guides;
}

function firstSentence(parsed: ParsedGuide): string {
  const text = parsed.sections[0]?.text ?? '';
  const end = text.search(/[.!?](\s|$)/);
  return (end === -1 ? text : text.slice(0, end + 1)).slice(0, 200);
}
