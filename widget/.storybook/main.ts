import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  // The widget's stories, plus the dashboard's shared design-system components.
  stories: ['../src/**/*.stories.@(ts|tsx)', '../../dashboard/src/ui/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
};

export default config;
