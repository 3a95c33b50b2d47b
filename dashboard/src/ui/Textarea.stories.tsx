import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextareaField } from './Textarea';

const meta: Meta<typeof TextareaField> = {
  title: 'Dashboard UI/Inputs/Textarea',
  component: TextareaField,
  args: { label: 'Beschreibung', placeholder: 'Wofür ist dieses Projekt?' },
};
export default meta;

export const Default: StoryObj<typeof TextareaField> = {};
