import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const ts = () => typescript({ tsconfig: new URL('./tsconfig.build.json', import.meta.url).pathname });

/**
 * A minified script-tag bundle of `input` exposing its exports as `window.IamSdk`. Also used by
 * test/size.test.ts, which builds the bundles it measures.
 */
export function scriptTagBuild(input, file = 'dist/iam-sdk.min.js') {
  return {
    input,
    output: { file, format: 'iife', name: 'IamSdk', sourcemap: true },
    plugins: [ts(), terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } })],
  };
}

// `oidc`: the OpenID Connect client alone (`@iam-platform/sdk/oidc`), also exported by the main entry.
const entries = { index: 'src/index.ts', node: 'src/node.ts', oidc: 'src/oidc.ts' };
const external = (id) => id.startsWith('node:');

export default [
  {
    input: entries,
    external,
    output: [
      {
        dir: 'dist',
        format: 'es',
        sourcemap: true,
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
      },
      {
        dir: 'dist',
        format: 'cjs',
        sourcemap: true,
        exports: 'named',
        entryFileNames: '[name].cjs',
        chunkFileNames: '[name]-[hash].cjs',
      },
    ],
    plugins: [ts()],
  },
  // Script-tag build: <script src="/cdn/sdk/iam-sdk.min.js" data-application-id="…"> defines window.IamSdk.
  scriptTagBuild('src/browser.ts'),
  {
    input: entries,
    external,
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].d.ts',
      chunkFileNames: '[name]-[hash].d.ts',
    },
    plugins: [dts()],
  },
];
