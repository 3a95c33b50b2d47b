import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

const ts = () => typescript({ tsconfig: './tsconfig.build.json' });

export default [
  {
    input: 'src/index.ts',
    output: [
      { file: 'dist/index.js', format: 'es', sourcemap: true },
      { file: 'dist/index.cjs', format: 'cjs', sourcemap: true, exports: 'named' },
    ],
    plugins: [ts()],
  },
  {
    // Script-tag build: <script src="/cdn/sdk/iam-sdk.min.js"> exposes window.IamSdk.
    input: 'src/index.ts',
    output: { file: 'dist/iam-sdk.min.js', format: 'iife', name: 'IamSdk', sourcemap: true },
    plugins: [ts(), terser()],
  },
  {
    input: 'src/index.ts',
    output: { file: 'dist/index.d.ts', format: 'es' },
    plugins: [dts()],
  },
];
