#!/usr/bin/env node
/**
 * Build step after the front-end builds: writes a brotli (`.br`, quality 11) and a gzip (`.gz`,
 * level 9) copy beside every compressible file of at least 1 KiB, which the server then sends as
 * they are to clients that accept them (server/src/lib/static-assets.ts). A copy that is not
 * smaller than the file is not written; stale copies of files that shrank below the limit or went
 * away are removed.
 *
 *   node scripts/precompress.mjs [dir …]   (default: sdk/dist widget/dist dashboard/dist)
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIN_BYTES = 1024;
// Source maps (.map) are left out: only developer tools fetch them, and at brotli 11 they would
// take most of the step's time.
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|svg|json|txt|xml|wasm|ico|webmanifest)$/i;
const COPIES = [
  {
    suffix: '.br',
    compress: (data) =>
      brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
  },
  { suffix: '.gz', compress: (data) => gzipSync(data, { level: 9 }) },
];

export function precompressDirectory(dir) {
  let written = 0;
  let before = 0;
  let after = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, name);
    if (COPIES.some(({ suffix }) => file.endsWith(suffix))) {
      // A copy whose original is gone or no longer compressed.
      const original = file.slice(0, file.lastIndexOf('.'));
      if (!existsSync(original) || statSync(original).size < MIN_BYTES) rmSync(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name) || !statSync(file).isFile()) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    for (const { suffix, compress } of COPIES) {
      const output = compress(data);
      if (output.length >= data.length) {
        rmSync(file + suffix, { force: true });
        continue;
      }
      writeFileSync(file + suffix, output);
      written += 1;
      if (suffix === '.br') {
        before += data.length;
        after += output.length;
      }
    }
  }
  return { written, before, after };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const dirs = args.length > 0 ? args : ['sdk/dist', 'widget/dist', 'dashboard/dist'];
  for (const dir of dirs) {
    const absolute = path.resolve(repoRoot, dir);
    if (!existsSync(absolute)) {
      console.log(`precompress: ${dir} does not exist (not built), skipped`);
      continue;
    }
    const { written, before, after } = precompressDirectory(absolute);
    console.log(
      `precompress: ${dir}: ${written} copies, brotli ${Math.round(before / 1024)} KiB → ${Math.round(after / 1024)} KiB`,
    );
  }
}
