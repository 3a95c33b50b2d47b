import { readFile, statfs } from 'node:fs/promises';
import os from 'node:os';
import { getInstance, type Tracker } from '../index';

export interface MonitorOptions {
  /** How often to sample and send (ms). Default 60000, 250–86400000. */
  intervalMs?: number;
  /** The tracker to send through; default the one init() created. */
  tracker?: Tracker;
  /** Event name. Default `process_metrics`. */
  event?: string;
  /** File system whose space is reported. Default the working directory's. */
  diskPath?: string;
}

const DEFAULT_INTERVAL_MS = 60_000;

/** Bytes received and sent by all non-loopback interfaces; Linux only (null elsewhere). */
async function networkTotals(): Promise<{ rx: number; tx: number } | null> {
  if (process.platform !== 'linux') return null;
  try {
    const lines = (await readFile('/proc/net/dev', 'utf8')).split('\n').slice(2);
    let rx = 0;
    let tx = 0;
    for (const line of lines) {
      const [name, data] = line.split(':');
      if (!data || name!.trim() === 'lo') continue;
      const fields = data.trim().split(/\s+/).map(Number);
      rx += fields[0] ?? 0;
      tx += fields[8] ?? 0;
    }
    return { rx, tx };
  } catch {
    return null;
  }
}

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const times = cpu.times;
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/**
 * The "monitoring SDK": samples this process and machine every `intervalMs` and sends the figures
 * as a `process_metrics` analytics event. What the platform does not offer is left out (network
 * counters need Linux' /proc, disk space fs.statfs). Returns a function that stops it.
 */
export function monitor(options: MonitorOptions = {}): () => void {
  let intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  if (!(Number.isFinite(intervalMs) && intervalMs >= 250 && intervalMs <= 86_400_000)) {
    console.warn(`[iam-sdk] monitor(): intervalMs must be 250–86400000; using ${DEFAULT_INTERVAL_MS}.`);
    intervalMs = DEFAULT_INTERVAL_MS;
  }
  const event = options.event ?? 'process_metrics';
  let lastCpu = process.cpuUsage();
  let lastTime = process.hrtime.bigint();
  let lastSystem = cpuTimes();
  let lastNetwork: Promise<{ rx: number; tx: number } | null> = networkTotals();
  let sampling = false;

  const sample = async (): Promise<void> => {
    const tracker = options.tracker ?? getInstance()?.tracker;
    if (!tracker || sampling) return;
    sampling = true;
    try {
      const now = process.hrtime.bigint();
      const elapsedUs = Number(now - lastTime) / 1000;
      const cpu = process.cpuUsage(lastCpu);
      const system = cpuTimes();
      const memory = process.memoryUsage();
      const properties: Record<string, number | string> = {
        interval_ms: intervalMs,
        uptime_s: Math.round(process.uptime()),
        platform: process.platform,
        node_version: process.version,
        memory_rss_bytes: memory.rss,
        memory_heap_used_bytes: memory.heapUsed,
        memory_heap_total_bytes: memory.heapTotal,
        memory_external_bytes: memory.external,
        system_memory_total_bytes: os.totalmem(),
        system_memory_free_bytes: os.freemem(),
        cpu_count: os.availableParallelism?.() ?? os.cpus().length,
        cpu_percent: round((100 * (cpu.user + cpu.system)) / elapsedUs),
      };
      const systemTotal = system.total - lastSystem.total;
      if (systemTotal > 0)
        properties.system_cpu_percent = round(100 * (1 - (system.idle - lastSystem.idle) / systemTotal));
      if (process.platform !== 'win32') {
        const [one, five, fifteen] = os.loadavg();
        Object.assign(properties, { load_average_1m: one, load_average_5m: five, load_average_15m: fifteen });
      }
      try {
        const disk = await statfs(options.diskPath ?? process.cwd());
        Object.assign(properties, {
          disk_total_bytes: disk.blocks * disk.bsize,
          disk_free_bytes: disk.bavail * disk.bsize,
          disk_used_percent: round(disk.blocks ? (100 * (disk.blocks - disk.bfree)) / disk.blocks : 0),
        });
      } catch {
        // statfs is missing (Node < 18.15) or the path is gone
      }
      const [before, after] = await Promise.all([lastNetwork, (lastNetwork = networkTotals())]);
      if (before && after)
        Object.assign(properties, {
          network_rx_bytes: after.rx - before.rx,
          network_tx_bytes: after.tx - before.tx,
        });
      lastCpu = process.cpuUsage();
      lastTime = now;
      lastSystem = system;
      tracker.track(event, properties);
    } catch (error) {
      console.warn(
        `[iam-sdk] monitor(): sampling failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      sampling = false;
    }
  };

  const timer = setInterval(() => void sample(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
