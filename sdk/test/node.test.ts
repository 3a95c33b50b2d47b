import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { monitor, Tracker } from '../src/node';
import { APP_ID, captureWarnings, IngestServer, MemoryStorage, sleep } from './helpers';

describe('sdk in Node (no window)', () => {
  let server: IngestServer;
  let tracker: Tracker;

  beforeEach(async () => {
    server = await new IngestServer().start();
  });
  afterEach(async () => {
    await tracker?.shutdown();
    await server.stop();
  });

  it('tracks without window or storage: memory identifiers, Node device info, no page views', async () => {
    expect(typeof window).to.equal('undefined');
    tracker = new Tracker({ applicationId: APP_ID, apiUrl: server.url, flushIntervalMs: 300_000 });
    expect(tracker.config.autoPageViews).to.equal(false);
    tracker.track('job_finished', { job: 'nightly' });
    await tracker.flush();
    await sleep(1200);
    const registration = server.to('/api/v1/installations')[0]!.body;
    expect(registration.installation_id).to.match(/^inst_[0-9a-f]{32}$/);
    expect(registration.device_info).to.include({ platform: process.platform });
    expect(registration.device_info.user_agent).to.include(process.version.slice(1));
    expect(registration.environment_info).to.not.have.property('url');
    expect(server.events().map((event) => event.event)).to.deep.equal(['job_finished']);
    expect(server.activities()).to.have.length(0);
  });

  it('uses an injected storage, so a restarted process keeps its installation and queue', async () => {
    const storage = new MemoryStorage();
    tracker = new Tracker({ applicationId: APP_ID, apiUrl: server.url, storage });
    const { installation_id } = tracker.ids()!;
    await tracker.shutdown();
    tracker = new Tracker({ applicationId: APP_ID, apiUrl: server.url, storage });
    expect(tracker.ids()!.installation_id).to.equal(installation_id);
    expect(storage.getItem('iam_installation_id')).to.equal(installation_id);
  });

  it('monitor() sends process metrics as events on an interval until stopped', async () => {
    tracker = new Tracker({ applicationId: APP_ID, apiUrl: server.url, flushAt: 1 });
    const stop = monitor({ intervalMs: 250, tracker });
    await server.waitFor(() => server.events().length >= 2, 3000, 'two samples');
    stop();
    await sleep(600);
    const count = server.events().length;
    await sleep(400);
    expect(server.events()).to.have.length(count);
    const [sample] = server.events();
    expect(sample.event).to.equal('process_metrics');
    const metrics = sample.properties;
    expect(metrics.memory_rss_bytes).to.be.above(1_000_000);
    expect(metrics.memory_heap_used_bytes).to.be.above(0);
    expect(metrics.system_memory_total_bytes).to.be.above(metrics.system_memory_free_bytes);
    expect(metrics.cpu_percent).to.be.a('number').and.at.least(0);
    expect(metrics.cpu_count).to.be.at.least(1);
    expect(metrics.interval_ms).to.equal(250);
    if (process.platform !== 'win32') expect(metrics.load_average_1m).to.be.a('number');
    expect(metrics.disk_total_bytes).to.be.above(0);
    expect(metrics.disk_free_bytes).to.be.at.most(metrics.disk_total_bytes);
    if (process.platform === 'linux') {
      expect(metrics.network_rx_bytes).to.be.at.least(0);
      expect(metrics.network_tx_bytes).to.be.at.least(0);
    }
  });

  it('monitor() clamps a bad interval with a warning', () => {
    const warnings = captureWarnings();
    try {
      tracker = new Tracker({ applicationId: APP_ID, apiUrl: server.url });
      const stop = monitor({ intervalMs: 5, tracker });
      stop();
      expect(warnings.messages).to.have.length(1);
      expect(warnings.messages[0]).to.include('intervalMs');
    } finally {
      warnings.restore();
    }
  });

  it('the node entry sends what is queued before a script exits on its own', async () => {
    const entry = fileURLToPath(new URL('../src/node.ts', import.meta.url));
    const script = `
      const sdk = await import(${JSON.stringify(entry)});
      sdk.init({ applicationId: ${JSON.stringify(APP_ID)}, apiUrl: ${JSON.stringify(server.url)}, flushIntervalMs: 300000, flushAt: 500 });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the start-up send is over
      sdk.track('cli_run', { command: 'deploy' });
    `;
    await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      timeout: 10_000,
    });
    expect(server.events().map((event) => event.event)).to.deep.equal(['cli_run']);
  });
});
