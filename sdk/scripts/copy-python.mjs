// Copies the stdlib-only Python client into the build output, so the server offers it at
// /cdn/sdk/iam_sdk.py next to the JavaScript bundles. Usage: node scripts/copy-python.mjs [destination dir]
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const sdkRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const destination = path.resolve(process.argv[2] ?? path.join(sdkRoot, 'dist'));
mkdirSync(destination, { recursive: true });
copyFileSync(path.join(sdkRoot, 'python', 'iam_sdk.py'), path.join(destination, 'iam_sdk.py'));
