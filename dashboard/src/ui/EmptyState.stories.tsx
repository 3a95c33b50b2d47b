import type { Meta, StoryObj } from '@storybook/react-vite';
import { Building2 } from 'lucide-react';
import { Button } from './Button';
import { EmptyState } from './EmptyState';

const meta: Meta<typeof EmptyState> = {
  title: 'Dashboard UI/EmptyState',
  component: EmptyState,
  args: {
    icon: <Building2 aria-hidden="true" size={40} />,
    title: 'Noch keine Organisationen',
    text: 'Erstellen Sie Ihre erste Organisation, um Projekte anzulegen.',
    action: <Button>Erste Organisation erstellen</Button>,
  },
};
export default meta;

export const WithAction: StoryObj<typeof EmptyState> = {};
export const TextOnly: StoryObj<typeof EmptyState> = { args: { action: undefined, icon: undefined } };
