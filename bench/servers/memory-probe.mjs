/**
 * Preloaded into the server by `npm run bench:soak` (`node --import …/memory-probe.mjs`): writes the
 * process's `process.memoryUsage()` (heap of the main thread, external, array buffers, RSS) as one
 * JSON object to MEMORY_PROBE_FILE every MEMORY_PROBE_MS (5 s), so the soak can sample the heap of a
 * production process without an endpoint for it. The timer never keeps the process alive.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const write = () => {
    try {
      writeFileSync(file, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
    } catch {
      // the soak reads the previous sample
    }
  };
  setInterval(write, Number(process.env.MEMORY_PROBE_MS ?? 5000)).unref();
  write();
}
