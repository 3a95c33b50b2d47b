import type { Preview } from '@storybook/react-vite';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from '../../dashboard/src/theme/GlobalStyle';
import { theme } from '../../dashboard/src/theme/theme';

const preview: Preview = {
  parameters: { layout: 'centered' },
  // The dashboard's shared components read their tokens from the styled-components theme.
  decorators: [
    (Story, context) =>
      context.title.startsWith('Dashboard UI') ? (
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <Story />
        </ThemeProvider>
      ) : (
        <Story />
      ),
  ],
};

export default preview;
