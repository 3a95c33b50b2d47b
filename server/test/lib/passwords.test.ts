import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import bcrypt from 'bcryptjs';
import { expect } from 'chai';
import ts from 'typescript';
import { AppError } from '../../src/lib/errors.js';
import {
  createPasswordHasher,
  defaultPoolSize,
  HASH_THREAD_NICENESS,
  MAX_PASSWORD_LENGTH,
  PasswordHasherBusyError,
  prehashPassword,
  QUEUE_PER_THREAD,
  type PasswordHasher,
} from '../../src/lib/passwords/index.js';

/** A well-formed bcrypt hash (cost 4) that nothing matches. */
const DUMMY = bcrypt.genSaltSync(4) + 'a'.repeat(31);

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '../..');
const repoRoot = path.resolve(serverDir, '..');
const libDir = path.join(serverDir, 'src/lib');
const passwordsDir = path.join(libDir, 'passwords');

describe('lib/passwords: createPasswordHasher', () => {
  let hasher: PasswordHasher;

  before(() => {
    hasher = createPasswordHasher({ cost: 4 });
  });

  after(async () => {
    await hasher.close();
  });

  it('hashes to a bcrypt hash of the configured cost that verifies', async () => {
    const hash = await hasher.hash('correct horse battery staple');
    expect(hash).to.match(/^\$2b\$04\$[./A-Za-z0-9]{53}$/);
    expect(await hasher.verify('correct horse battery staple', hash)).to.equal(true);
    expect(await hasher.hash('correct horse battery staple')).to.not.equal(hash); // salted
  });

  it('rejects a wrong password', async () => {
    const hash = await hasher.hash('secret-1');
    expect(await hasher.verify('secret-2', hash)).to.equal(false);
    expect(await hasher.verify('', hash)).to.equal(false);
    expect(await hasher.verify('secret-1', 'not a bcrypt hash')).to.equal(false);
  });

  it('does not truncate: passwords equal in their first 72+ bytes do not verify against each other', async () => {
    const a = 'a'.repeat(100) + 'b';
    const b = 'a'.repeat(100) + 'c';
    // The premise: plain bcryptjs truncates at 72 bytes and would accept the other password.
    expect(bcrypt.compareSync(b, bcrypt.hashSync(a, 4))).to.equal(true);

    const hashA = await hasher.hash(a);
    expect(await hasher.verify(a, hashA)).to.equal(true);
    expect(await hasher.verify(b, hashA)).to.equal(false);
    // Same with multi-byte characters (40 × 'ä' is already 80 UTF-8 bytes).
    const hashUmlaut = await hasher.hash('ä'.repeat(40) + 'x');
    expect(await hasher.verify('ä'.repeat(40) + 'y', hashUmlaut)).to.equal(false);
    expect(await hasher.verify('ä'.repeat(40) + 'x', hashUmlaut)).to.equal(true);
  });

  it('pre-hashes to 64 base64 characters without NUL bytes', () => {
    for (const password of ['', 'x', 'a'.repeat(MAX_PASSWORD_LENGTH), '\u0000\u0000', '🔐'.repeat(50)]) {
      const prehash = prehashPassword(password, 'key');
      expect(prehash).to.match(/^[A-Za-z0-9+/]{64}$/);
      expect(Buffer.byteLength(prehash)).to.be.below(72);
    }
    // NUL bytes in the password still matter (a C-string bcrypt would stop at the first one).
    expect(prehashPassword('a\u0000b', 'key')).to.not.equal(prehashPassword('a\u0000c', 'key'));
  });

  it('handles unicode passwords, treating composed and decomposed forms alike', async () => {
    for (const password of ['Pässwörter-Ünïcødé', '密码是秘密', 'emoji 🔐🗝️👩‍👩‍👧', 'مرحبا-كلمة']) {
      const hash = await hasher.hash(password);
      expect(await hasher.verify(password, hash), password).to.equal(true);
      expect(await hasher.verify(password + '!', hash), password).to.equal(false);
    }
    const composed = 'Caf\u00e9-Zürich'.normalize('NFC');
    const decomposed = composed.normalize('NFD');
    expect(decomposed).to.not.equal(composed);
    expect(await hasher.verify(decomposed, await hasher.hash(composed))).to.equal(true);
  });

  it('verifyDummy always resolves false', async () => {
    expect(await hasher.verifyDummy('anything')).to.equal(false);
    expect(await hasher.verifyDummy('')).to.equal(false);
    expect(await hasher.verifyDummy('x'.repeat(MAX_PASSWORD_LENGTH + 1))).to.equal(false);
  });

  it('needsRehash is true for another cost or a value that is not a bcrypt hash', async () => {
    const hash = await hasher.hash('pw');
    expect(hasher.needsRehash(hash)).to.equal(false);
    const stronger = createPasswordHasher({ cost: 5, poolSize: 1 });
    try {
      expect(stronger.needsRehash(hash)).to.equal(true);
      expect(await stronger.verify('pw', hash)).to.equal(true); // old hashes still verify
      expect(stronger.needsRehash(await stronger.hash('pw'))).to.equal(false);
    } finally {
      await stronger.close();
    }
    expect(hasher.needsRehash('')).to.equal(true);
    expect(hasher.needsRehash('plain text')).to.equal(true);
    expect(hasher.needsRehash(hash.slice(0, -1))).to.equal(true);
  });

  it('uses the pepper as the pre-hash key: hashes do not verify under another pepper', async () => {
    const peppered = createPasswordHasher({ cost: 4, pepper: 'pepper-one-0123456789', poolSize: 1 });
    const other = createPasswordHasher({ cost: 4, pepper: 'pepper-two-0123456789', poolSize: 1 });
    try {
      const hash = await peppered.hash('pw');
      expect(await peppered.verify('pw', hash)).to.equal(true);
      expect(await other.verify('pw', hash)).to.equal(false);
      expect(await hasher.verify('pw', hash)).to.equal(false); // built-in key
    } finally {
      await Promise.all([peppered.close(), other.close()]);
    }
  });

  it(`accepts ${MAX_PASSWORD_LENGTH} characters and refuses more`, async () => {
    const longest = 'p'.repeat(MAX_PASSWORD_LENGTH);
    const hash = await hasher.hash(longest);
    expect(await hasher.verify(longest, hash)).to.equal(true);
    const error = await hasher.hash(longest + 'p').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(RangeError);
    expect(await hasher.verify(longest + 'p', hash)).to.equal(false);
  });

  it('refuses invalid options and non-string input', async () => {
    expect(() => createPasswordHasher({ cost: 3 })).to.throw(RangeError);
    expect(() => createPasswordHasher({ cost: 10.5 })).to.throw(RangeError);
    expect(() => createPasswordHasher({ cost: 4, poolSize: 0 })).to.throw(RangeError);
    expect(() => createPasswordHasher({ cost: 4, niceness: 20 })).to.throw(RangeError);
    expect(() => createPasswordHasher({ cost: 4, niceness: -1 })).to.throw(RangeError);
    const error = await hasher.verify({ $gt: '' } as unknown as string, 'x').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TypeError);
  });

  it('defaults the pool to one thread per core, shared out among the server processes with one more each', () => {
    expect(defaultPoolSize()).to.equal(os.availableParallelism());
    // [processes, cores] → threads per process
    const sizes = [
      [1, 2, 2],
      [2, 2, 2], // the bench machine with WEB_CONCURRENCY=2: 1 core each, +1
      [2, 8, 5],
      [4, 8, 3],
      [8, 8, 2],
      [16, 8, 1], // more processes than cores: their share, at least one
      [1, 1, 1],
      [2, 1, 1],
    ];
    for (const [processes, cores, threads] of sizes)
      expect(defaultPoolSize(processes, cores), `${processes} processes on ${cores} cores`).to.equal(threads);
  });

  it('hashes at a lower CPU priority than the request thread (Linux: per-thread nice)', async function () {
    if (process.platform !== 'linux') return;
    const niceOfThreads = async () => {
      const tasks = await import('node:fs/promises').then((fs) => fs.readdir('/proc/self/task'));
      return Promise.all(
        tasks.map(async (task) => {
          const stat = await readFile(`/proc/self/task/${task}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        }),
      );
    };
    const mainNice = os.getPriority();
    const before = await niceOfThreads();
    const niced = createPasswordHasher({ cost: 4, poolSize: 2 });
    try {
      await Promise.all([niced.hash('one password'), niced.hash('another password')]);
      const after = await niceOfThreads();
      expect(after.filter((nice) => nice === HASH_THREAD_NICENESS).length).to.equal(
        before.filter((nice) => nice === HASH_THREAD_NICENESS).length + 2,
      );
      expect(HASH_THREAD_NICENESS).to.be.greaterThan(mainNice);
      expect(os.getPriority(), 'the process (its main thread) keeps its priority').to.equal(mainNice);
    } finally {
      await niced.close();
    }
  });

  it('hashes in worker threads: the event loop keeps ticking during concurrent cost-10 hashes', async () => {
    const costly = createPasswordHasher({ cost: 10 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      const hashes = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((password) => costly.hash(password)));
      expect(hashes.every((hash) => hash.startsWith('$2b$10$'))).to.equal(true);
      expect(await costly.verify('p3', hashes[2]!)).to.equal(true);
    } finally {
      clearInterval(timer);
      await costly.close();
    }
    // Four cost-10 bcryptjs runs take hundreds of milliseconds; on the main thread the timer would
    // barely run. Only that it ran repeatedly is asserted, not how fast hashing was.
    expect(ticks).to.be.at.least(5);
  });

  it('refuses work beyond a full queue with PasswordHasherBusyError (503 server_busy, Retry-After), and accepts it again once drained', async () => {
    const busy = createPasswordHasher({ cost: 8, poolSize: 1, maxQueue: 3 });
    try {
      // One running and three waiting: the fifth call is refused at once, whatever the call.
      const accepted = [1, 2, 3, 4].map((n) => busy.verifyDummy(`guess ${n}`));
      for (const refused of [
        busy.verifyDummy('guess 5'),
        busy.hash('new password'),
        busy.verify('pw', DUMMY),
      ]) {
        const error = await refused.catch((e: unknown) => e);
        expect(error).to.be.instanceOf(PasswordHasherBusyError);
        expect(error).to.be.instanceOf(AppError);
        const busyError = error as PasswordHasherBusyError;
        expect(busyError.status).to.equal(503);
        expect(busyError.code).to.equal('server_busy');
        expect(busyError.retryAfterS).to.be.at.least(1);
        expect(busyError.headers).to.deep.equal({ 'Retry-After': String(busyError.retryAfterS) });
      }
      expect(await Promise.all(accepted)).to.deep.equal([false, false, false, false]);
      const hash = await busy.hash('after the flood');
      expect(await busy.verify('after the flood', hash)).to.equal(true);
    } finally {
      await busy.close();
    }
  });

  it(`bounds the queue by default at ${QUEUE_PER_THREAD} waiting hashes per thread`, async () => {
    const bounded = createPasswordHasher({ cost: 4, poolSize: 2 });
    try {
      const calls = Array.from({ length: 2 + 2 * QUEUE_PER_THREAD + 1 }, (_, n) =>
        bounded.verifyDummy(`guess ${n}`).then(
          () => 'done',
          (error: unknown) => (error instanceof PasswordHasherBusyError ? 'busy' : 'failed'),
        ),
      );
      const outcomes = await Promise.all(calls);
      expect(outcomes.filter((outcome) => outcome === 'done')).to.have.length(2 + 2 * QUEUE_PER_THREAD);
      expect(outcomes.at(-1)).to.equal('busy');
    } finally {
      await bounded.close();
    }
  });

  it('rejects calls after close()', async () => {
    const closing = createPasswordHasher({ cost: 4, poolSize: 1 });
    await closing.hash('warm up');
    await closing.close();
    const error = await closing.hash('pw').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).with.property('name', 'WorkerPoolClosedError');
  });
});

describe('lib/passwords: in a separate process, from sources (tsx) and compiled (plain node)', function () {
  this.timeout(60_000);
  let builtDir: string;

  /** Hashes and verifies in a fresh node process; it must exit by itself (no hanging worker threads). */
  const script = `
    const { createPasswordHasher } = await import(process.env.HASHER_MODULE);
    const hasher = createPasswordHasher({ cost: 4, poolSize: 2 });
    const password = 'pässwörd-' + 'x'.repeat(100);
    const hash = await hasher.hash(password);
    const results = await Promise.all([hasher.verify(password, hash), hasher.verify(password + 'y', hash)]);
    if (process.env.OTHER_HASH) results.push(await hasher.verify(password, process.env.OTHER_HASH));
    if (process.env.CLOSE === '1') await hasher.close();
    console.log(JSON.stringify({ hash, results }));
  `;

  function run(
    mode: 'source' | 'built',
    env: Record<string, string>,
  ): Promise<{ hash: string; results: boolean[] }> {
    const moduleFile =
      mode === 'source' ? path.join(passwordsDir, 'index.ts') : path.join(builtDir, 'passwords/index.js');
    const args = [
      ...(mode === 'source' ? ['--conditions=@iam-platform/source', '--import', 'tsx'] : []),
      '--input-type=module',
      '-e',
      script,
    ];
    const { NODE_OPTIONS: _ignored, ...parentEnv } = process.env;
    const child = spawn(process.execPath, args, {
      cwd: mode === 'source' ? serverDir : builtDir,
      env: { ...parentEnv, HASHER_MODULE: pathToFileURL(moduleFile).href, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(
          new Error(`${mode} process did not exit within 20 s (worker threads kept it alive?)\n${stderr}`),
        );
      }, 20_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code !== 0) reject(new Error(`${mode} process exited with ${code}\n${stderr}`));
        else resolve(JSON.parse(stdout.trim()) as { hash: string; results: boolean[] });
      });
    });
  }

  before(async () => {
    // What `tsc -p tsconfig.build.json` emits for these files (isolatedModules: per-file transpiling is
    // equivalent), next to a node_modules link so bcryptjs resolves as it does from server/dist.
    builtDir = await mkdtemp(path.join(os.tmpdir(), 'passwords-built-'));
    await writeFile(path.join(builtDir, 'package.json'), '{"type":"module"}');
    await symlink(path.join(repoRoot, 'node_modules'), path.join(builtDir, 'node_modules'), 'dir');
    await mkdir(path.join(builtDir, 'passwords'));
    // lib/passwords/{index,pool,worker-source}.ts and the lib/errors.ts they import, at their places in dist/.
    for (const name of ['passwords/index', 'passwords/pool', 'passwords/worker-source', 'errors']) {
      const source = await readFile(path.join(libDir, `${name}.ts`), 'utf8');
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: {
          // NodeNext emits ESM for `"type": "module"` packages; transpileModule cannot see package.json.
          module: ts.ModuleKind.ESNext,
          target: ts.ScriptTarget.ES2022,
          verbatimModuleSyntax: true,
        },
        fileName: `${name}.ts`,
      });
      await writeFile(path.join(builtDir, `${name}.js`), outputText);
    }
  });

  after(async () => {
    if (builtDir) await rm(builtDir, { recursive: true, force: true });
  });

  for (const mode of ['source', 'built'] as const) {
    for (const close of [true, false]) {
      it(`${mode}: hashes in workers and the process exits ${close ? 'after close()' : "without close() (idle workers are unref'd)"}`, async () => {
        const { hash, results } = await run(mode, { CLOSE: close ? '1' : '0' });
        expect(hash).to.match(/^\$2b\$04\$/);
        expect(results).to.deep.equal([true, false]);
      });
    }
  }

  it('a hash made by the compiled build verifies from the sources and vice versa', async () => {
    const built = await run('built', { CLOSE: '1' });
    const source = await run('source', { CLOSE: '1', OTHER_HASH: built.hash });
    expect(source.results).to.deep.equal([true, false, true]);
    const back = await run('built', { CLOSE: '1', OTHER_HASH: source.hash });
    expect(back.results).to.deep.equal([true, false, true]);
  });
});
