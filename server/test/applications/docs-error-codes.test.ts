import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { CommonErrors } from '../../src/lib/errors.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const docsDir = path.resolve(here, '../../../docs');
const modulesDir = path.resolve(here, '../../src/modules');

/** Every error the API can answer with, from each module's `<feature>.errors.ts` catalog. */
async function errorCatalog(): Promise<Map<string, Set<number>>> {
  const statuses = new Map<string, Set<number>>();
  const add = (definition: unknown) => {
    if (typeof definition !== 'object' || definition === null) return;
    const { status, code } = definition as { status?: unknown; code?: unknown };
    if (typeof status !== 'number' || typeof code !== 'string') return;
    if (!statuses.has(code)) statuses.set(code, new Set());
    statuses.get(code)!.add(status);
  };
  Object.values(CommonErrors).forEach(add);
  for (const module of await readdir(modulesDir)) {
    const files = (await readdir(path.join(modulesDir, module))).filter((f) => f.endsWith('.errors.ts'));
    for (const file of files) {
      const exports = (await import(path.join(modulesDir, module, file))) as Record<string, unknown>;
      for (const catalog of Object.values(exports)) {
        if (typeof catalog === 'object' && catalog !== null) Object.values(catalog).forEach(add);
      }
    }
  }
  return statuses;
}

/** "404 `code`", "**403 `code`**" and "`401 code`" in the guides. */
const DOCUMENTED = /\b([1-5]\d\d)\*{0,2} `([a-z][a-z0-9_]*)`|`([1-5]\d\d) ([a-z][a-z0-9_]*)`/g;

describe('docs/ and the API agree on error statuses', () => {
  it('every "status code" pair in docs/ has the status the API answers that code with', async () => {
    const catalog = await errorCatalog();
    expect(catalog.get('no_membership'), 'the embedding catalog is read').to.deep.equal(new Set([404]));
    const wrong: string[] = [];
    for (const file of (await readdir(docsDir)).filter((f) => f.endsWith('.md'))) {
      const text = await readFile(path.join(docsDir, file), 'utf8');
      for (const match of text.matchAll(DOCUMENTED)) {
        const status = Number(match[1] ?? match[3]);
        const code = match[2] ?? match[4]!;
        const known = catalog.get(code);
        if (known && !known.has(status))
          wrong.push(`${file}: ${status} ${code} (the API answers ${[...known].join(' or ')})`);
      }
    }
    expect(wrong).to.deep.equal([]);
  });
});
