import type { Meta, StoryObj } from '@storybook/react-vite';
import { SelectField } from './Select';

const meta: Meta<typeof SelectField> = {
  title: 'Dashboard UI/Inputs/Select',
  component: SelectField,
  args: {
    label: 'Umgebung',
    options: [
      { value: 'development', label: 'Development' },
      { value: 'staging', label: 'Staging' },
      { value: 'production', label: 'Production' },
    ],
  },
};
export default meta;
type Story = StoryObj<typeof SelectField>;

export const Default: Story = {};
export const WithPlaceholder: Story = { args: { placeholder: 'Bitte wählen' } };
