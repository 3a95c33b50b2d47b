import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeletons } from './Skeleton';

const meta: Meta<typeof Skeletons> = {
  title: 'Dashboard UI/Skeleton',
  component: Skeletons,
  args: { count: 3, label: 'Organisationen werden geladen' },
};
export default meta;

export const Loading: StoryObj<typeof Skeletons> = {};
