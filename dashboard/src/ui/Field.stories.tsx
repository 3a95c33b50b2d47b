import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordField, TextField } from './Field';

const meta: Meta<typeof TextField> = {
  title: 'Dashboard UI/Inputs',
  component: TextField,
  args: { label: 'Name', placeholder: 'Meine Organisation' },
};
export default meta;
type Story = StoryObj<typeof TextField>;

export const Text: Story = {};
export const Invalid: Story = { args: { label: 'Slug', value: '', 'aria-invalid': true, readOnly: true } };
export const Password: Story = {
  render: () => <PasswordField label="Passwort" toggleLabel="Passwort anzeigen" autoComplete="off" />,
};
