import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ERROR_DEFINITIONS } from '../../src/error-catalog.js';

const docsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs');

/** The statuses the API answers each error code with (src/error-catalog.ts lists every catalog). */
function errorCatalog(): Map<string, Set<number>> {
  const statuses = new Map<string, Set<number>>();
  for (const { code, status } of ERROR_DEFINITIONS) {
    if (!statuses.has(code)) statuses.set(code, new Set());
    statuses.get(code)!.add(status);
  }
  return statuses;
}

/** "404 `code`", "**403 `code`**" and "`401 code`" in the guides. */
const DOCUMENTED = /\b([1-5]\d\d)\*{0,2} `([a-z][a-z0-9_]*)`|`([1-5]\d\d) ([a-z][a-z0-9_]*)`/g;

describe('docs/ and the API agree on error statuses', () => {
  it('every "status code" pair in docs/ has the status the API answers that code with', async () => {
    const catalog = errorCatalog();
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
