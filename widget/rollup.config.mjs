import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const ts = () => typescript({ tsconfig: './tsconfig.build.json' });
const reactExternal = (id) => /^react(-dom)?(\/.*)?$/.test(id);

export default [
  {
    // Library build: React is a peer dependency.
    input: 'src/index.ts',
    external: reactExternal,
    output: [
      { file: 'dist/index.js', format: 'es', sourcemap: true },
      { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    ],
    plugins: [ts()],
  },
  {
    // Standalone script-tag build with React inside: <script src="/cdn/widget/iam-auth-widget.min.js">.
    input: 'src/standalone.ts',
    output: { file: 'dist/iam-auth-widget.min.js', format: 'iife', name: 'IamAuthWidget', sourcemap: true },
    plugins: [
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      nodeResolve({ browser: true }),
      commonjs(),
      ts(),
      terser(),
    ],
  },
  {
    input: 'src/index.ts',
    external: reactExternal,
    output: { file: 'dist/index.d.ts', format: 'es' },
    plugins: [dts()],
  },
];
