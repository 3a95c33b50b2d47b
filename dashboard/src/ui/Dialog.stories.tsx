import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { TextField } from './Field';

const meta: Meta<typeof Dialog> = {
  title: 'Dashboard UI/Dialog',
  component: Dialog,
  args: {
    title: 'Organisation erstellen',
    description: 'Name und Slug sind erforderlich.',
    closeLabel: 'Schließen',
    trigger: <Button>Dialog öffnen</Button>,
    children: <TextField label="Name" />,
  },
};
export default meta;

export const Closed: StoryObj<typeof Dialog> = {};
export const Open: StoryObj<typeof Dialog> = {
  args: { open: true, trigger: undefined, onOpenChange: () => undefined },
};
