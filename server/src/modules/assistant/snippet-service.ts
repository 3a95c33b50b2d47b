import type { Logger } from 'pino';
import type { Guide } from './guides.js';
import type { Language } from './language.js';
import type { ApiOperation } from './openapi-operations.js';
import { endpointChecker } from './safe-answer.js';
import { buildSnippets, type SnippetApplication, type SnippetKind } from './snippets.js';

export interface Snippet {
  kind: SnippetKind;
  title: string;
  language: 'html' | 'javascript' | 'python';
  filename: string;
  code: string;
  explanation: string[];
  source: { title: string; url: string };
  endpoints: string[];
}

/** The title the docs page gives an anchor: a guide's section or an API operation. */
function sourceTitle(url: string, guides: Guide[], operations: ApiOperation[]): string | null {
  const anchor = url.replace(/^\/docs#/, '');
  const operation = operations.find((candidate) => candidate.anchor === anchor);
  if (operation) return `${operation.method} ${operation.path} — ${operation.summary}`;
  for (const guide of guides) {
    const section = guide.parsed.sections.find((candidate) => candidate.anchor === anchor);
    if (section) return section.heading === guide.title ? guide.title : `${guide.title} › ${section.heading}`;
  }
  return null;
}

/**
 * The application's snippets, each checked before it is answered: its guide section must exist
 * and every operation its code calls must be in the OpenAPI document. A template that fails either
 * is left out and logged (the tests fail on it), rather than handing out code that cannot work.
 */
export function snippetsFor(
  library: { guides: Guide[]; operations: ApiOperation[] },
  app: SnippetApplication,
  apiUrl: string,
  language: Language,
  kinds: SnippetKind[] | undefined,
  logger: Logger,
): Snippet[] {
  const isKnown = endpointChecker(library.operations);
  const snippets: Snippet[] = [];
  for (const template of buildSnippets(app, apiUrl, language, kinds)) {
    const title = sourceTitle(template.source, library.guides, library.operations);
    const unknown = template.endpoints.filter((endpoint) => {
      const [method, path] = endpoint.split(' ') as [string, string];
      return !isKnown(method, path);
    });
    if (!title || unknown.length > 0) {
      logger.error({ kind: template.kind, source: template.source, unknown }, 'integration snippet left out');
      continue;
    }
    const { assets: _assets, source, ...rest } = template;
    snippets.push({ ...rest, source: { title, url: source } });
  }
  return snippets;
}
