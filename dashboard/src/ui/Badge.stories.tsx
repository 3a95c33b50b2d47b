import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge, type BadgeTone } from './Badge';

const meta: Meta<typeof Badge> = {
  title: 'Dashboard UI/Badge',
  component: Badge,
  args: { children: 'Aktiv' },
};
export default meta;
type Story = StoryObj<typeof Badge>;

export const Success: Story = { args: { $tone: 'success' } };
export const AllTones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
      {(['neutral', 'success', 'muted', 'info', 'warning'] as BadgeTone[]).map((tone) => (
        <Badge key={tone} $tone={tone}>
          {tone}
        </Badge>
      ))}
    </div>
  ),
};
