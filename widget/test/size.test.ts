import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { rollup, type OutputOptions, type RollupOptions } from 'rollup';

/** The budgets (gzip): the script-tag build with its renderer inside, and the ESM build. */
const STANDALONE_BUDGET = 70 * 1024;
const ESM_BUDGET = 15 * 1024;

const root = new URL('..', import.meta.url).pathname;
const sdkRoot = new URL('../../sdk/', import.meta.url).pathname;
const gzipped = (code: string) => gzipSync(code, { level: 9 }).length;

async function build(config: RollupOptions, output: OutputOptions): Promise<string> {
  const bundle = await rollup({ ...config, onwarn: () => undefined });
  try {
    return (await bundle.generate({ ...output, sourcemap: false })).output[0].code;
  } finally {
    await bundle.close();
  }
}

/**
 * Builds both bundles in memory with the build's own rollup configuration (a clean clone has
 * no dist/), after the SDK's ESM build, which the standalone bundle takes its auth client from.
 */
describe('widget bundle size', function () {
  this.timeout(120_000);
  let configs: (RollupOptions & { output: OutputOptions | OutputOptions[] })[];
  let restore = () => undefined as void;
  after(() => restore());

  before(async () => {
    const cwd = process.cwd();
    if (!existsSync(`${sdkRoot}dist/index.js`)) {
      process.chdir(sdkRoot);
      const [sdkEsm] = (await import(`${sdkRoot}rollup.config.mjs`)).default as typeof configs;
      const bundle = await rollup({ ...sdkEsm, onwarn: () => undefined });
      for (const output of [sdkEsm!.output].flat()) await bundle.write(output);
      await bundle.close();
    }
    // The configuration's paths are relative to the widget package.
    process.chdir(root);
    restore = () => process.chdir(cwd);
    configs = (await import(`${root}rollup.config.mjs`)).default;
  });

  it(`keeps the standalone script-tag build (iam-auth-widget.min.js) within ${STANDALONE_BUDGET / 1024} KiB gzip`, async () => {
    const standalone = configs.find((config) => config.input === 'src/standalone.ts')!;
    const code = await build(standalone, standalone.output as OutputOptions);
    // It is the whole widget: the element, both languages, and the SDK's auth client.
    for (const part of ['iam-auth-dialog', 'Passwörter stimmen nicht überein', 'origin-check', 'iam_auth_'])
      expect(code).to.include(part);
    console.log(`      standalone: ${(gzipped(code) / 1024).toFixed(1)} KiB gzip`);
    expect(gzipped(code)).to.be.at.most(STANDALONE_BUDGET);
  });

  it(`keeps the ESM build (React and the SDK as dependencies) within ${ESM_BUDGET / 1024} KiB gzip`, async () => {
    const esm = configs.find(
      (config) => config.input === 'src/index.ts' && [config.output].flat()[0]!.format === 'es',
    )!;
    const code = await build(esm, [esm.output].flat()[0]!);
    expect(code).to.match(/from ['"]react['"]/);
    expect(code).to.match(/from ['"]@iam-platform\/sdk['"]/);
    console.log(`      ESM: ${(gzipped(code) / 1024).toFixed(1)} KiB gzip`);
    expect(gzipped(code)).to.be.at.most(ESM_BUDGET);
  });
});
