import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  // The widget's stories, plus the dashboard's shared design-system components.
  stories: ['../src/**/*.stories.@(ts|tsx)', '../../dashboard/src/ui/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The SDK from its source, like the widget's tests (no SDK build needed).
  viteFinal: (vite) => ({
    ...vite,
    resolve: {
      ...vite.resolve,
      alias: {
        ...(vite.resolve?.alias as Record<string, string> | undefined),
        '@iam-platform/sdk': fileURLToPath(new URL('../../sdk/src/index.ts', import.meta.url)),
      },
    },
  }),
};

export default config;
