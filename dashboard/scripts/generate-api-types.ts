/**
 * Regenerates src/api/schema.d.ts from the server's OpenAPI document
 * (`npm run openapi:types`). A dashboard test fails when the committed file is stale.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderApiTypes } from './api-types';

const target = fileURLToPath(new URL('../src/api/schema.d.ts', import.meta.url));
await writeFile(target, await renderApiTypes());
console.log(`wrote ${target}`);
