import type { Guide } from './guides.js';
import type { MarkdownSection } from './markdown-sections.js';

/**
 * What the documentation assistant may answer from (issue #36, item 8). The /docs page renders every
 * guide of docs/, but several are written for the people who build the platform: architecture and
 * its decisions, security internals, performance and benchmark figures, the dashboard's own design
 * notes, the embedded database's conformance. Answers quoted from those read as developer notes
 * ("Client validation (SPEC §5)… Forms use noValidate") to someone integrating the product. So the
 * index holds an explicit allow-list of guides written for users — a new guide is not searchable
 * until someone decides it belongs here — and, inside them, leaves out sections about how a feature
 * was built or measured and sentences that point into the repository or the spec.
 */
export const USER_FACING_GUIDES: readonly string[] = [
  'getting-started',
  'first-run',
  'concepts',
  'self-hosting',
  'sdk',
  'python-sdk',
  'widget',
  'webhooks',
  'alerts',
  'email-templates',
  'mail',
  'tracking',
  'tracking-api',
  'api-tokens',
  'identity',
  'user-pools',
  'oidc',
  'roles',
  'graphql',
  'two-factor',
  'tenancy',
  'tenancy-projects-applications',
  'analytics',
  'privacy',
  // Generated from the SDKs' doc comments (sdk-reference.ts): every public call, for users.
  'sdk-reference',
];

/**
 * Headings of sections that explain how something was built, decided, tested or measured. Their
 * sub-sections go with them (checked against the parents too).
 */
const DEVELOPER_HEADING =
  /\b(decisions?|tests?|tested|benchmarks?|performance|figures|seeding|costs?|internals?|implementation)\b|^why\b|\bwhy (?:cas|we)|how it is (?:built|stored|tested)|\bissue #?\d/i;

/** Marks of a developer note inside otherwise user-facing prose. */
export const DEVELOPER_MARKERS: RegExp[] = [
  /SPEC\s*§/i,
  /\bnoValidate\b/,
  /\b(?:server|dashboard|widget|sdk|common|embedded-db|test|bench|scripts)\/(?:src|test|e2e|bench|python\/test)\b/,
  /\b[\w-]+\.(?:test|spec)\.tsx?\b/,
  /\bissues? #\d+/i,
  /\(#\d+\)/,
  /\bTODO\b|\bFIXME\b/,
  /\bnpm run (?:bench|check|lint|typecheck|test)\b/,
];

function developerNote(text: string): boolean {
  return DEVELOPER_MARKERS.some((marker) => marker.test(text));
}

export function isDeveloperSection(section: Pick<MarkdownSection, 'heading' | 'parents'>): boolean {
  return [section.heading, ...section.parents].some((heading) => DEVELOPER_HEADING.test(heading));
}

/**
 * Splits prose into sentences: a sentence ends at ".", "!" or "?" followed by white space and a
 * capital, digit, quote or code mark — so "e.g. the", "two-factor.md) the" and "v1.2" stay inside.
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?][)"'”“»]?)\s+(?=[\p{Lu}\d"„“'`([<*_])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

/**
 * Prose without developer notes: a parenthesis that holds one goes (the sentence around it stays),
 * then every sentence that still has one goes.
 */
export function userFacingText(text: string): string {
  let cleaned = text;
  // Innermost parentheses first, a few rounds for nested ones.
  for (let round = 0; round < 3; round++) {
    cleaned = cleaned.replace(/\s*\(([^()]*)\)/g, (whole, inner: string) =>
      developerNote(inner) ? '' : whole,
    );
  }
  return splitSentences(cleaned)
    .filter((sentence) => !developerNote(sentence))
    .join(' ')
    .replace(/\s+([,.;:])/g, '$1')
    .trim();
}

/** The guide's sections an answer may quote, their prose cleaned; code blocks with notes dropped. */
export function userFacingSections(guide: Guide): MarkdownSection[] {
  if (!USER_FACING_GUIDES.includes(guide.slug)) return [];
  return guide.parsed.sections
    .filter((section) => !isDeveloperSection(section))
    .map((section) => ({
      ...section,
      text: userFacingText(section.text),
      code: section.code.filter((code) => !/SPEC\s*§/i.test(code.body)),
    }))
    .filter((section) => section.text !== '' || section.code.length > 0);
}
