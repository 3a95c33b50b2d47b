import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const ts = () => typescript({ tsconfig: new URL('./tsconfig.build.json', import.meta.url).pathname });
/** The ESM build leaves React (peer) and the SDK (dependency: one copy shared with the app's) out. */
const esmExternal = (id) => /^(react(-dom)?(\/.*)?|@iam-platform\/sdk)$/.test(id);

/**
 * The script-tag build renders with Preact's React-compatible API: React 19 + ReactDOM alone are
 * 66.5 KiB gzip, which left 3.5 KiB of the 70 KiB budget for the whole dialog (two languages,
 * themes, every flow and the SDK's auth client). The same source runs on React in the ESM build
 * (docs/widget.md). test/size.test.ts holds both budgets.
 */
const PREACT = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
};
export const reactAsPreact = {
  name: 'react-as-preact',
  resolveId(id, importer) {
    return PREACT[id] ? this.resolve(PREACT[id], importer, { skipSelf: true }) : null;
  },
};

/** The standalone build's plugins (also used by test/size.test.ts to build it in memory). */
export const standalonePlugins = () => [
  reactAsPreact,
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true }),
  commonjs(),
  ts(),
  terser({ ecma: 2020, compress: { passes: 2 }, format: { comments: false } }),
];

export default [
  {
    // Library build: React is a peer dependency.
    input: 'src/index.ts',
    external: esmExternal,
    output: [
      { file: 'dist/index.js', format: 'es', sourcemap: true },
      { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    ],
    plugins: [ts()],
  },
  {
    // Standalone script-tag build, renderer inside: <script src="/cdn/widget/iam-auth-widget.min.js">.
    input: 'src/standalone.ts',
    output: { file: 'dist/iam-auth-widget.min.js', format: 'iife', name: 'IamAuthWidget', sourcemap: true },
    plugins: standalonePlugins(),
  },
  {
    input: 'src/index.ts',
    external: esmExternal,
    output: { file: 'dist/index.d.ts', format: 'es' },
    plugins: [dts()],
  },
];
