import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { API_ERROR_CODES, ERROR_CATALOGS, ERROR_DEFINITIONS } from '../../src/error-catalog.js';

const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

/** `code: '…'` literals that are not answers of the API, with the reason. */
const NOT_API_CODES: Record<string, string> = {
  custom: "zod's issue code for ctx.addIssue; the API answers such a failure as validation_failed",
};

interface SourceFile {
  file: string;
  text: string;
}

async function sourceFiles(dir = SRC): Promise<SourceFile[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files.map(async (file) => ({ file: path.relative(SRC, file), text: await readFile(file, 'utf8') })),
  );
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/**
 * The API's error codes must all be in src/error-catalog.ts, because clients translate each one
 * (the dashboard's test walks that list). A code written anywhere in server/src — a catalog,
 * an inline error, a handler writing its own response — that the list lacks fails here.
 */
describe('error catalog', () => {
  it('lists every error code written anywhere in server/src', async () => {
    const known = new Set(API_ERROR_CODES);
    const missing: string[] = [];
    for (const { file, text } of await sourceFiles()) {
      for (const match of text.matchAll(/\bcode\s*:\s*(['"`])([\w.-]+)\1/g)) {
        const code = match[2]!;
        if (!known.has(code) && !(code in NOT_API_CODES)) {
          missing.push(`${code} (${file}:${lineOf(text, match.index)})`);
        }
      }
    }
    expect(
      missing,
      `error codes missing from server/src/error-catalog.ts (add their catalog there): ${missing.join(', ')}`,
    ).to.deep.equal([]);
  });

  it('includes every catalog of every *.errors.ts file', async () => {
    const listed = new Set(Object.values(ERROR_CATALOGS).map((catalog) => JSON.stringify(catalog)));
    const unlisted: string[] = [];
    for (const { file } of (await sourceFiles()).filter((source) => source.file.endsWith('.errors.ts'))) {
      const exports = (await import(pathToFileURL(path.join(SRC, file)).href)) as Record<string, unknown>;
      for (const [name, catalog] of Object.entries(exports)) {
        if (!listed.has(JSON.stringify(catalog))) unlisted.push(`${name} (${file})`);
      }
    }
    expect(unlisted, `catalogs not in ERROR_CATALOGS: ${unlisted.join(', ')}`).to.deep.equal([]);
  });

  it('has no error defined inline: codes live in a catalog', async () => {
    const inline: string[] = [];
    for (const { file, text } of await sourceFiles()) {
      for (const match of text.matchAll(/new AppError\(\s*\{[^}]*?\bcode\s*:/g)) {
        inline.push(`${file}:${lineOf(text, match.index)}`);
      }
    }
    expect(inline, 'move these definitions into the module’s *.errors.ts catalog').to.deep.equal([]);
  });

  it('gives every code one status and a message, and lists each code once, sorted', () => {
    const statusOf = new Map<string, Set<number>>();
    for (const definition of ERROR_DEFINITIONS) {
      expect(definition.code, 'a code is snake_case').to.match(/^[a-z][a-z0-9_]*$/);
      expect(definition.status, definition.code).to.be.within(400, 599);
      expect(definition.message.trim(), definition.code).not.to.equal('');
      statusOf.set(definition.code, (statusOf.get(definition.code) ?? new Set()).add(definition.status));
    }
    const ambiguous = [...statusOf].filter(([, statuses]) => statuses.size > 1);
    expect(ambiguous, 'a client reading a code must be able to rely on its status').to.deep.equal([]);
    expect(API_ERROR_CODES).to.deep.equal([...new Set(API_ERROR_CODES)].sort());
    expect(API_ERROR_CODES).to.include.members(['rate_limited', 'validation_failed', 'slug_taken']);
  });
});
