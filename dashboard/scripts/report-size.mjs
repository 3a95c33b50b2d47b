// Prints the gzipped size of every built JavaScript and CSS file, and the JavaScript a first
// visit to the landing page downloads (the entry chunk plus its static imports).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(
  import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname),
  '..',
  'dist',
);
const assets = path.join(dist, 'assets');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const rows = readdirSync(assets)
  .filter((name) => /\.(js|css)$/.test(name))
  .map((name) => {
    const content = readFileSync(path.join(assets, name));
    return { name, raw: content.length, gzip: gzipSync(content).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
console.log('\nDashboard bundle sizes (gzip):');
for (const row of rows)
  console.log(`  ${row.name.padEnd(48)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)}`);
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const initialGzip = rows.filter((row) => initial.includes(row.name)).reduce((sum, row) => sum + row.gzip, 0);
console.log(`  initial JavaScript (index.html entry + modulepreloads): ${kb(initialGzip)} gzip\n`);
