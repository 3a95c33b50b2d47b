import type { Meta, StoryObj } from '@storybook/react-vite';
import { Alert } from './Alert';

const meta: Meta<typeof Alert> = { title: 'Dashboard UI/Alert', component: Alert };
export default meta;
type Story = StoryObj<typeof Alert>;

export const Error: Story = {
  args: { tone: 'error', children: 'Anmeldung fehlgeschlagen: Invalid e-mail or password.' },
};
export const Success: Story = { args: { tone: 'success', children: 'Passwort erfolgreich geändert' } };
