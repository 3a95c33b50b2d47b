import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog } from './ConfirmDialog';

const meta: Meta<typeof ConfirmDialog> = {
  title: 'Dashboard UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: () => undefined,
    onConfirm: () => undefined,
    title: 'Token sperren?',
    description:
      'Anwendungen mit diesem Token verlieren sofort den Zugriff. Das lässt sich nicht rückgängig machen.',
    confirmLabel: 'Sperren',
  },
};
export default meta;
type Story = StoryObj<typeof ConfirmDialog>;

export const Destructive: Story = { args: { destructive: true } };
export const Pending: Story = { args: { destructive: true, pending: true, pendingLabel: 'Wird gesperrt…' } };
