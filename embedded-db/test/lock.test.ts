/**
 * The data directory lock tells a dead owner from a live one by more than its pid (issue #39): a server that is
 * PID 1 of its PID namespace (a container) and is killed must come back when started again as PID 1, with every
 * acknowledged write; a live owner is still refused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { startEmbeddedMongo } from '../src/index.js';
import { tempDir, usingEmbedded } from './helpers.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
/** Runs node as PID 1 of a new PID namespace (with its own /proc), like a container's entry point. */
const AS_PID1 = ['--pid', '--fork', '--kill-child', '--mount-proc', process.execPath, '--import', 'tsx'];

function canUnshare(): boolean {
  const r = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' });
  return r.status === 0;
}

describe('db: data directory lock', function () {
  before(function () {
    if (!usingEmbedded) this.skip();
  });

  it('a server killed as PID 1 of its PID namespace comes back as PID 1, with every acknowledged write', async function () {
    if (!canUnshare()) {
      console.log(
        '      (skipped: unshare --pid --fork --mount-proc is not permitted here; needs root or user namespaces)',
      );
      this.skip();
    }
    this.timeout(120_000);
    const dir = tempDir('emb-pid1');
    try {
      const writer = spawn('unshare', [...AS_PID1, fixture('crash-writer.ts'), dir.path], {
        cwd: packageDir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      writer.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
      const acked = new Set<number>();
      const exited = new Promise<void>((resolve) => writer.on('exit', () => resolve()));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`writer too slow; stderr: ${stderr}`)), 90_000);
        createInterface({ input: writer.stdout as NodeJS.ReadableStream }).on('line', (line) => {
          const [kind, value] = line.split(' ');
          if (kind === 'ACK') acked.add(Number(value));
          if (acked.size >= 200 && !writer.killed) {
            writer.kill('SIGKILL'); // unshare dies, --kill-child takes PID 1 (and so the namespace) with it
            clearTimeout(timer);
            resolve();
          }
        });
        writer.on('exit', () => {
          clearTimeout(timer);
          if (!writer.killed) reject(new Error(`writer exited early: ${stderr}`));
        });
      });
      await exited;
      // the killed server's lock names pid 1; the next one is pid 1 again, in a new namespace
      const reader = spawnSync('unshare', [...AS_PID1, fixture('read-ids.ts'), dir.path], {
        cwd: packageDir,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(reader.stdout, reader.stderr).to.match(/^PID 1$/m);
      const ids = new Set(JSON.parse(/^IDS (.*)$/m.exec(reader.stdout)![1]!) as number[]);
      expect([...acked].filter((id) => !ids.has(id))).to.deep.equal([]);
      expect(reader.status).to.equal(0);
    } finally {
      dir.remove();
    }
  });

  it('a lock naming this pid in the old format, or a pid with another start time, is stale; a live owner is refused', async () => {
    const dir = tempDir('emb-lockfmt');
    try {
      writeFileSync(join(dir.path, 'mongod.lock'), `${process.pid}\n`);
      const m = await startEmbeddedMongo({ dataDir: dir.path });
      await m.stop();
      // pid of a live process (this one), written with another start time: a reused pid, not the owner
      writeFileSync(join(dir.path, 'mongod.lock'), `${process.pid}\nstart=1\n`);
      const m2 = await startEmbeddedMongo({ dataDir: dir.path });
      const again = await startEmbeddedMongo({ dataDir: dir.path }).then(
        () => 'opened',
        (e: Error) => e.message,
      );
      expect(again).to.match(/DBPathInUse/);
      await m2.stop();
    } finally {
      dir.remove();
    }
  });

  it('a new data directory on a read-only place says so (not ENOENT)', async function () {
    if (process.getuid?.() === 0) {
      // root ignores permission bits: use a read-only bind mount when possible
      const base = tempDir('emb-ro');
      const ro = join(base.path, 'ro');
      mkdirSync(ro);
      const mounted = spawnSync('mount', ['--bind', '-o', 'ro', ro, ro], { stdio: 'ignore' }).status === 0;
      const remounted =
        mounted && spawnSync('mount', ['-o', 'remount,bind,ro', ro], { stdio: 'ignore' }).status === 0;
      if (!remounted) {
        if (mounted) spawnSync('umount', [ro]);
        base.remove();
        console.log('      (skipped: cannot make a read-only bind mount here)');
        this.skip();
      }
      try {
        const msg = await startEmbeddedMongo({ dataDir: join(ro, 'a', 'b') }).then(
          () => 'opened',
          (e: Error) => e.message,
        );
        expect(msg).to.match(/read-only file system/);
        expect(msg).to.not.match(/ENOENT/);
      } finally {
        spawnSync('umount', [ro]);
        base.remove();
      }
      return;
    }
    const base = tempDir('emb-ro');
    try {
      chmodSync(base.path, 0o500);
      const msg = await startEmbeddedMongo({ dataDir: join(base.path, 'a', 'b') }).then(
        () => 'opened',
        (e: Error) => e.message,
      );
      expect(msg).to.match(/permission denied/);
    } finally {
      chmodSync(base.path, 0o700);
      base.remove();
    }
  });
});
