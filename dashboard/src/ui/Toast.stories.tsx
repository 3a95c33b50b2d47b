import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import Toaster from './Toast';
import { useToastStore, type ToastMessage } from './useToast';

function Toasts({ messages }: { messages: ToastMessage[] }) {
  useEffect(() => {
    useToastStore.setState({ toasts: messages.map((message, index) => ({ ...message, id: index + 1 })) });
  }, [messages]);
  return <Toaster />;
}

const meta: Meta<typeof Toasts> = { title: 'Dashboard UI/Toast', component: Toasts };
export default meta;
type Story = StoryObj<typeof Toasts>;

export const Success: Story = {
  args: { messages: [{ title: 'Organisation erstellt', variant: 'success' }] },
};
export const Destructive: Story = {
  args: {
    messages: [
      {
        title: 'Anmeldung fehlgeschlagen',
        description: 'Invalid e-mail or password.',
        variant: 'destructive',
      },
    ],
  },
};
export const Stack: Story = {
  args: {
    messages: [
      { title: 'Kopiert' },
      { title: 'Token erstellt', variant: 'success' },
      { title: 'Fehler beim Laden der Projekte', description: 'Failed to fetch', variant: 'destructive' },
    ],
  },
};
