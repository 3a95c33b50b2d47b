import { existsSync, readFileSync } from 'node:fs';
import { expect } from 'chai';

/**
 * docs/oidc.md shows each quick start's file exactly (issue #32): the code a reader copies is the
 * code the tests run. Pending until docs/oidc.md exists; OIDC_QUICKSTART_DOCS=<file> checks another
 * file (e.g. the section before it is merged).
 */
describe('OIDC quick starts: the docs show the files the tests run', () => {
  const docs = process.env.OIDC_QUICKSTART_DOCS ?? new URL('../../../../docs/oidc.md', import.meta.url);
  for (const file of ['express-app.ts', 'auth.config.ts', 'native-app.ts'])
    it(`docs/oidc.md shows ${file} as it is`, function () {
      if (!existsSync(docs)) this.skip();
      const page = readFileSync(docs, 'utf8');
      const code = readFileSync(new URL(file, import.meta.url), 'utf8').trimEnd();
      expect(page, `server/test/oidc/quickstarts/${file} is named`).to.contain(
        `server/test/oidc/quickstarts/${file}`,
      );
      expect(page.includes('```ts\n' + code + '\n```'), `docs/oidc.md has ${file} as it is`).to.equal(true);
    });
});
