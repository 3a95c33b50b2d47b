import type { Meta, StoryObj } from '@storybook/react-vite';
import { SecretField } from './SecretField';

const meta: Meta<typeof SecretField> = {
  title: 'Dashboard UI/SecretField',
  component: SecretField,
  args: {
    label: 'Ihr neues API-Token',
    value: `cs_${'3f'.repeat(32)}`,
    revealLabel: 'Token anzeigen',
    copyLabel: 'Kopieren',
    copiedMessage: 'Kopiert',
    copyFailedMessage: 'Failed to copy',
  },
};
export default meta;

export const Masked: StoryObj<typeof SecretField> = {};
