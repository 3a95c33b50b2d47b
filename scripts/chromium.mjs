// Finds a Chromium for the end-to-end tests: CHROME_PATH, then the usual install paths; as root
// on Debian/Ubuntu it installs the distribution's `chromium` package. Otherwise it fails with a
// message that says what to install — the e2e suite never skips silently.
//
// Usage: `node scripts/chromium.mjs` prints the path (installing first if needed).
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROME_PATH=${fromEnv} is not an executable file.`);
    return fromEnv;
  }
  return CANDIDATES.find(isExecutable);
}

function canInstallWithApt() {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/etc/debian_version');
}

export function findOrInstallChromium() {
  const found = findChromium();
  if (found) return found;
  if (canInstallWithApt()) {
    console.error('[e2e] Chromium not found; installing the Debian "chromium" package (apt-get) …');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    'The end-to-end tests need Chromium and none was found. Install it (Debian/Ubuntu: `sudo apt-get install chromium`; ' +
      'macOS: install Google Chrome) or point CHROME_PATH at a Chrome/Chromium binary.',
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(findOrInstallChromium());
}
