import { fileURLToPath } from 'node:url';
import { rollup, type Plugin, type RollupOptions } from 'rollup';

const root = fileURLToPath(new URL('..', import.meta.url));
const CORE_ENTRY = '\0iam-sdk-tracking-core';

/** The tracking core: the Tracker and everything it uses, without the auth and health clients. */
const coreEntry: Plugin = {
  name: 'tracking-core-entry',
  resolveId: (id) => (id === CORE_ENTRY ? id : null),
  load: (id) =>
    id === CORE_ENTRY ? `export { Tracker } from ${JSON.stringify(`${root}src/tracker.ts`)};` : null,
};

async function build(input: string, extraPlugins: Plugin[] = []): Promise<string> {
  const { scriptTagBuild } = (await import(`${root}rollup.config.mjs`)) as {
    scriptTagBuild: (input: string) => RollupOptions & { output: object; plugins: Plugin[] };
  };
  const config = scriptTagBuild(input);
  const bundle = await rollup({
    ...config,
    plugins: [...extraPlugins, ...config.plugins],
    onwarn: () => undefined,
  });
  try {
    const { output } = await bundle.generate({ ...config.output, sourcemap: false });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

const built = new Map<string, Promise<string>>();
const once = (name: string, make: () => Promise<string>) => {
  if (!built.has(name)) built.set(name, make());
  return built.get(name)!;
};

/**
 * The script-tag bundle (what dist/iam-sdk.min.js holds), built in memory with the same rollup
 * configuration, once per test run: tests must not depend on a dist/ that a clean clone lacks.
 */
export const scriptTagBundle = (): Promise<string> => once('scriptTag', () => build(`${root}src/browser.ts`));

/** The tracking core as the script-tag build minifies it. */
export const trackingCoreBundle = (): Promise<string> => once('core', () => build(CORE_ENTRY, [coreEntry]));

/** The OpenID Connect client alone (`@iam-platform/sdk/oidc`), minified like the script-tag build. */
export const oidcBundle = (): Promise<string> => once('oidc', () => build(`${root}src/oidc.ts`));
