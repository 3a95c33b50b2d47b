/**
 * GET /api/v1/health reports the database `degraded` while the embedded server refuses writes for lack of disk
 * space (issue #39): on a real size-limited file system (a tmpfs mounted for the test; skipped with the reason
 * where mounting is not allowed), through the real driver, and `up` again once space returns.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { connectDatabase, type Database } from '../../src/db/connect.js';
import { API_BASE_PATH } from '../../src/lib/api-paths.js';
import { ApiRouter } from '../../src/lib/api-router.js';
import { createApiRegistry } from '../../src/lib/openapi.js';
import { databaseWritesOf, registerHealthRoutes } from '../../src/modules/health/index.js';
import {
  createHealthCheck,
  getHealth,
  HEALTHY_PROBE_REUSE_MS,
  type HealthDependencies,
} from '../../src/modules/health/health.service.js';
import { writesFromServerStatus } from '../../src/modules/health/health.database.js';

function healthApp(deps: HealthDependencies): ReturnType<typeof supertest> {
  const app = express();
  const api = new ApiRouter(createApiRegistry(), API_BASE_PATH);
  registerHealthRoutes(api, deps);
  app.use(API_BASE_PATH, api.router);
  return supertest(app);
}

describe('health: the database', () => {
  const base = { version: '1.2.3', startedAt: Date.now() };

  it('is up when it answers and takes writes, down when it does not answer (writes not asked)', async () => {
    let asked = 0;
    const writes = async () => {
      asked++;
      return { refused: false } as const;
    };
    expect(
      await getHealth({ ...base, isDatabaseUp: async () => true, databaseWrites: writes }),
    ).to.deep.include({
      status: 'ok',
      db: { status: 'up' },
    });
    expect(
      await getHealth({ ...base, isDatabaseUp: async () => false, databaseWrites: writes }),
    ).to.deep.include({
      status: 'degraded',
      db: { status: 'down' },
    });
    expect(asked).to.equal(1);
    expect((await getHealth({ ...base, isDatabaseUp: async () => true })).db).to.deep.equal({ status: 'up' });
  });

  it('is degraded, with the reason and the database’s words, while it refuses writes', async () => {
    const health = await getHealth({
      ...base,
      isDatabaseUp: async () => true,
      databaseWrites: async () => ({ refused: true, reason: 'out_of_disk_space', message: 'disk full' }),
    });
    expect(health).to.deep.include({
      status: 'degraded',
      db: { status: 'degraded', reason: 'out_of_disk_space', message: 'disk full' },
    });
  });

  it('reuses an ok probe for at most HEALTHY_PROBE_REUSE_MS after it started, a failed one never', async () => {
    let probes = 0;
    let up = true;
    let clock = 1_000_000;
    const check = createHealthCheck({
      ...base,
      now: () => clock,
      isDatabaseUp: async () => {
        probes++;
        return up;
      },
    });
    // Concurrent checks share one probe.
    const [first, second] = await Promise.all([check(), check()]);
    expect([first.status, second.status, probes]).to.deep.equal(['ok', 'ok', 1]);
    clock += HEALTHY_PROBE_REUSE_MS - 1;
    expect((await check()).status).to.equal('ok');
    expect(probes).to.equal(1);
    // The database goes down: reported by the first check at the bound, and by every one after.
    up = false;
    clock += 1;
    expect((await check()).db).to.deep.equal({ status: 'down' });
    expect(probes).to.equal(2);
    expect((await check()).db).to.deep.equal({ status: 'down' });
    expect(probes, 'a failed probe is not reused').to.equal(3);
    // Back up: the very next check says so.
    up = true;
    expect((await check()).status).to.equal('ok');
    expect(probes).to.equal(4);
  });

  it('reads the embedded server’s serverStatus.embedded.writes; anything else counts as taking writes', () => {
    expect(writesFromServerStatus({ embedded: { writes: { state: 'ok' } } })).to.deep.equal({
      refused: false,
    });
    expect(writesFromServerStatus({ ok: 1, version: '7.0.14' })).to.deep.equal({ refused: false });
    expect(
      writesFromServerStatus({
        embedded: { writes: { state: 'refused', codeName: 'OutOfDiskSpace', errmsg: 'the disk is full' } },
      }),
    ).to.deep.equal({ refused: true, reason: 'out_of_disk_space', message: 'the disk is full' });
  });
});

describe('health: the embedded database on a full disk', function () {
  this.timeout(120_000);
  let dir: string | undefined;
  let mnt: string | undefined;
  let database: Database | undefined;

  before(function () {
    if (process.env.MONGODB_URI) this.skip();
    dir = mkdtempSync(join(tmpdir(), 'health-disk-full-'));
    mnt = join(dir, 'mnt');
    mkdirSync(mnt);
    const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=12m,mode=0700', 'tmpfs', mnt], {
      encoding: 'utf8',
    });
    if (r.status !== 0) {
      console.log(
        `      (skipped: cannot mount a size-limited tmpfs here: ${(r.stderr || r.error?.message || '').trim()})`,
      );
      rmSync(dir, { recursive: true, force: true });
      dir = undefined;
      this.skip();
    }
  });

  after(async () => {
    await database?.close().catch(() => undefined);
    if (mnt && dir) spawnSync('umount', ['-l', mnt]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with db degraded (out_of_disk_space) while writes are refused, 200 once space returns', async () => {
    const root = mnt as string;
    database = await connectDatabase({
      mongodbUri: undefined,
      embeddedDataDir: join(root, 'db'),
      dbName: 'iam_health',
      logger: pino({ level: 'silent' }),
    });
    const db = database;
    // The route reuses an ok probe for HEALTHY_PROBE_REUSE_MS (by design; tested above): the clock
    // moves past that bound before the check that must see the full disk, so this test does not
    // depend on how fast the disk fills. A degraded answer is never reused, so the last check needs none.
    let clock = Date.now();
    const request = healthApp({
      ...{ version: 'test', startedAt: clock },
      now: () => clock,
      isDatabaseUp: () => db.isUp(),
      databaseWrites: () => databaseWritesOf(db),
    });
    expect((await request.get('/api/v1/health').expect(200)).body).to.deep.include({
      status: 'ok',
      db: { status: 'up' },
    });

    const samples = db.connection.collection('samples');
    await samples.insertOne({ before: true });
    const filler = join(root, 'filler');
    const fd = openSync(filler, 'w');
    try {
      for (;;) writeSync(fd, Buffer.alloc(64 * 1024, 1));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).to.equal('ENOSPC');
    } finally {
      closeSync(fd);
    }
    let refused: { code?: unknown } | undefined;
    for (let i = 0; i < 500 && !refused; i++) {
      await samples
        .insertMany(Array.from({ length: 20 }, () => ({ pad: 'x'.repeat(2000) })))
        .catch((e: { code?: unknown }) => (refused = e));
    }
    expect(refused?.code, 'the write was not refused for lack of space').to.equal(14031);

    clock += HEALTHY_PROBE_REUSE_MS;
    const degraded = await request.get('/api/v1/health').expect(503);
    expect(degraded.body).to.deep.include({ status: 'degraded', version: 'test' });
    expect(degraded.body.db).to.include({ status: 'degraded', reason: 'out_of_disk_space' });
    expect(degraded.body.db.message).to.match(/disk .*is full/);
    // Reads still work meanwhile.
    expect(await samples.countDocuments()).to.be.greaterThan(0);

    rmSync(filler);
    expect((await request.get('/api/v1/health').expect(200)).body.db).to.deep.equal({ status: 'up' });
    await samples.insertOne({ after: true });
  });
});
