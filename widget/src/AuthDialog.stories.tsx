import type { Meta, StoryObj } from '@storybook/react-vite';
import { AuthDialog } from './AuthDialog';
import { authDialogCss } from './styles';

const meta: Meta<typeof AuthDialog> = {
  title: 'Widget/AuthDialog',
  component: AuthDialog,
  args: { applicationId: 'demo-application', apiEndpoint: '/api/auth' },
  decorators: [
    (Story) => (
      <>
        <style>{authDialogCss}</style>
        <Story />
      </>
    ),
  ],
};

export default meta;
type Story = StoryObj<typeof AuthDialog>;

export const Login: Story = {};
export const Register: Story = { args: { initialMode: 'register' } };
