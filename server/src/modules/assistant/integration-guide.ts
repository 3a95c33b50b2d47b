import type { Guide } from './guides.js';
import type { ApiOperation } from './openapi-operations.js';

/** The hand-written part of the AI integration guide; the generator appends the reference. */
export const INTEGRATION_GUIDE_SLUG = 'ai-integration';

function operationLine(operation: ApiOperation): string {
  const notes: string[] = [];
  if (operation.authenticated) notes.push('Bearer');
  if (operation.path.startsWith('/api/auth/')) notes.push('X-Application-ID');
  const required = operation.bodyFields.filter((field) => field.required).map((field) => field.name);
  const optional = operation.bodyFields.filter((field) => !field.required).map((field) => field.name);
  if (required.length) notes.push(`body: ${required.join(', ')}`);
  if (optional.length) notes.push(`optional: ${optional.join(', ')}`);
  const query = operation.parameters.filter((parameter) => parameter.in === 'query').map((p) => p.name);
  if (query.length) notes.push(`query: ${query.join(', ')}`);
  return `- \`${operation.method} ${operation.path}\` — ${operation.summary}${notes.length ? ` (${notes.join('; ')})` : ''}`;
}

/**
 * The AI integration guide: docs/ai-integration.md followed by every operation of the OpenAPI
 * document (grouped by tag) and the SDK reference, all generated from the sources the server runs
 * on, so the file an AI coding assistant is given always matches this server.
 */
export function buildIntegrationGuide(
  source: string,
  operations: ApiOperation[],
  sdkReference: Guide | undefined,
  version: string,
): string {
  const byTag = new Map<string, ApiOperation[]>();
  for (const operation of operations) {
    byTag.set(operation.tag, [...(byTag.get(operation.tag) ?? []), operation]);
  }
  const lines = [
    source.trim(),
    '',
    `## Endpoint reference (generated from the OpenAPI document, server version ${version})`,
    '',
    'Every operation this server offers. "Bearer" = needs `Authorization: Bearer <access token or cs_ API token>`. ' +
      'The full schemas: `GET /api/v1/openapi.json`.',
  ];
  for (const [tag, list] of byTag) {
    lines.push('', `### ${tag}`, '', ...list.map(operationLine));
  }
  if (sdkReference) {
    // The SDK reference's own headings move down one level under this guide's section.
    const body = sdkReference.markdown
      .replace(/^# .*\n/, '')
      .replace(/^(#{2,5}) /gm, '#$1 ')
      .replace(/\]\((?!https?:)([a-z0-9-]+)\.md\)/g, '](/docs#$1)');
    lines.push('', '## SDK reference (generated from the SDK sources)', body);
  }
  return `${lines.join('\n').trim()}\n`;
}
