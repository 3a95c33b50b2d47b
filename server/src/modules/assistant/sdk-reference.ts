import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The SDK reference, generated from the sources so that it cannot drift from them: every public
 * method of the JavaScript SDK's Tracker and AuthClient with its doc comment, and every public
 * method of the Python client's IamClient with its docstring.
 */

interface SdkCall {
  name: string;
  params: string[];
  doc: string;
}

/** Splits a parameter list on the commas that are not inside brackets or braces. */
function splitParams(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of list) {
    if ('([{<'.includes(char)) depth += 1;
    if (')]}>'.includes(char)) depth -= 1;
    if (char === ',' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts.filter((part) => part !== '');
}

const JS_METHOD =
  /\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*\n {2}(?:async\s+)?([a-zA-Z]\w*)\(((?:[^()]|\([^()]*\))*)\)[^{;\n]*\{/g;

function javascriptCalls(source: string): SdkCall[] {
  const calls: SdkCall[] = [];
  for (const match of source.matchAll(JS_METHOD)) {
    const doc = match[1]!
      .split('\n')
      .map((line) => line.replace(/^\s*\*\s?/, ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    const name = match[2]!;
    if (name === 'constructor' || doc.includes('@internal')) continue;
    const params = splitParams(match[3]!).map((param) => {
      const [declaration = ''] = param.split('=');
      const optional = param.includes('=') || /^\w+\?/.test(declaration.trim());
      return `${declaration.split(/[?:]/)[0]!.trim()}${optional ? '?' : ''}`;
    });
    calls.push({ name, params, doc });
  }
  return calls;
}

const PY_METHOD = /\n {4}def ([a-z]\w*)\(\s*self,?((?:[^()]|\([^()]*\))*)\)[^:]*:\s*\n\s*"""([\s\S]*?)"""/g;

function pythonCalls(source: string): SdkCall[] {
  const start = source.indexOf('\nclass IamClient');
  if (start === -1) return [];
  const body = source.slice(start + 1);
  const end = body.search(/\n(?:class |def )\w/);
  const calls: SdkCall[] = [];
  for (const match of (end === -1 ? body : body.slice(0, end)).matchAll(PY_METHOD)) {
    const params = splitParams(match[2]!).map((param) => {
      if (param === '*') return '*';
      const [declaration = '', defaultValue] = param.split('=');
      const name = declaration.split(':')[0]!.trim();
      return defaultValue === undefined ? name : `${name}=${defaultValue.trim()}`;
    });
    calls.push({ name: match[1]!, params, doc: match[3]!.replace(/``/g, '`').replace(/\s+/g, ' ').trim() });
  }
  return calls;
}

function section(title: string, intro: string, calls: SdkCall[], heading: (call: SdkCall) => string): string {
  const lines = [`## ${title}`, '', intro, ''];
  for (const call of calls) {
    lines.push(`### ${heading(call)}`, '', call.doc, '');
  }
  return lines.join('\n');
}

export async function buildSdkReference(sdkSourceDir: string): Promise<string> {
  const read = (file: string) => readFile(path.join(sdkSourceDir, file), 'utf8').catch(() => '');
  const [tracker, auth, api, python] = await Promise.all([
    read('src/tracker.ts'),
    read('src/auth.ts'),
    read('src/api.ts'),
    read('python/iam_sdk.py'),
  ]);
  // Methods the package also exports as module functions are shown as `IamSdk.x()`, the others on
  // their object (`tracker.shutdown()`).
  const exported = new Set([...api.matchAll(/export (?:const|function) (\w+)/g)].map((match) => match[1]));
  const js = (owner: string) => (call: SdkCall) =>
    `${exported.has(call.name) ? 'IamSdk' : owner}.${call.name}(${call.params.join(', ')})`;
  return [
    '# SDK reference',
    '',
    'Generated from the sources of the JavaScript SDK (`sdk/src`) and the Python client',
    '(`sdk/python/iam_sdk.py`) each time the server starts. How to install and configure them:',
    '[JavaScript SDK](sdk.md), [Python client](python-sdk.md).',
    '',
    section(
      'JavaScript SDK: tracking',
      'Module functions after `IamSdk.init({applicationId, apiUrl})` (script tag: `window.IamSdk`; npm: ' +
        "`import { init, track } from '@iam-platform/sdk'`), and the same methods on a `Tracker`.",
      javascriptCalls(tracker),
      js('tracker'),
    ),
    section(
      'JavaScript SDK: auth client',
      'For the embedding API `/api/auth/*` of one application; module functions, and `AuthClient` methods.',
      javascriptCalls(auth),
      js('auth'),
    ),
    section(
      'Python client',
      '`from iam_sdk import IamClient`; `iam = IamClient(application_id, api_url)`, then:',
      pythonCalls(python),
      (call) => `iam.${call.name}(${call.params.join(', ')})`,
    ),
  ].join('\n');
}
