/**
 * `@iam-platform/sdk/node`: everything of the main entry, plus process monitoring and a last
 * flush before the process exits. Kept apart so the browser bundles carry no Node code.
 */
import { init as initTracker, type Tracker, type TrackerOptions } from './index';

export * from './index';
export { monitor, type MonitorOptions } from './node/monitor';

/** Like the main entry's init(), and sends what is queued once more when the process is about to exit. */
export function init(options: TrackerOptions): Tracker {
  const tracker = initTracker(options);
  process.once('beforeExit', () => void tracker.flush());
  return tracker;
}
