import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import Toaster from './Toast';
import { useToastStore, type ToastMessage } from './useToast';

/** The toasts queued before the Toaster first renders, as the app's calls to toast() would. */
function Toasts({ messages }: { messages: ToastMessage[] }) {
  useState(() =>
    useToastStore.setState({ toasts: messages.map((message, index) => ({ ...message, id: index + 1 })) }),
  );
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
