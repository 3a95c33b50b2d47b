/**
 * npm run lint:deps — the import boundaries of .dependency-cruiser.cjs (docs/architecture.md).
 *
 * 1. Cruises the real source trees: any violation (an import cycle, a cross-module import past an
 *    index.ts, a lower layer importing a higher one) fails, with dependency-cruiser's own report.
 * 2. Cruises scripts/boundary-fixtures, a tree of deliberately bad imports, and fails unless every
 *    rule reports at least one violation there: a rule whose pattern silently stops matching (a
 *    moved folder, a typo in a regex) would otherwise pass everything.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
// The package exports no ./package.json; its bin sits beside the resolved entry's package root.
const depcruise = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const config = join(root, '.dependency-cruiser.cjs');
const TREES = ['server/src', 'dashboard/src', 'embedded-db/src', 'common/src'].filter((tree) =>
  existsSync(join(root, tree)),
);

function cruise(cwd, trees, extra = []) {
  return spawnSync(process.execPath, [depcruise, ...trees, '--config', config, ...extra], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

const real = cruise(root, TREES, ['--output-type', 'err']);
process.stdout.write(real.stdout);
process.stderr.write(real.stderr);
if (real.status !== 0) {
  console.error('\nImport boundaries broken (see above); docs/architecture.md says where code belongs.');
  process.exit(1);
}

const fixtures = join(root, 'scripts', 'boundary-fixtures');
const bad = cruise(
  fixtures,
  ['server/src', 'dashboard/src', 'embedded-db/src'],
  ['--output-type', 'json', '--ts-config', join(fixtures, 'tsconfig.json')],
);
let report;
try {
  report = JSON.parse(bad.stdout);
} catch {
  console.error(`Could not cruise the boundary fixtures:\n${bad.stderr}`);
  process.exit(1);
}
const { forbidden } = require(config);
const hit = new Set(report.summary.violations.map((violation) => violation.rule.name));
const silent = forbidden.map((rule) => rule.name).filter((name) => !hit.has(name));
if (silent.length > 0) {
  console.error(`These boundary rules no longer catch their bad fixture: ${silent.join(', ')}`);
  process.exit(1);
}
console.log(
  `boundary rules: each of ${forbidden.length} catches its fixture (${report.summary.violations.length} violations there)`,
);
