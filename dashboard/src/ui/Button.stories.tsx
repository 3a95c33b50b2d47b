import type { Meta, StoryObj } from '@storybook/react-vite';
import { Plus } from 'lucide-react';
import { Button, ButtonLink } from './Button';

const meta: Meta<typeof Button> = {
  title: 'Dashboard UI/Button',
  component: Button,
  args: { children: 'Organisation erstellen' },
};
export default meta;
type Story = StoryObj<typeof Button>;

export const Primary: Story = {};
export const Secondary: Story = { args: { $variant: 'secondary', children: 'Abbrechen' } };
export const Ghost: Story = { args: { $variant: 'ghost', children: 'Mehr anzeigen' } };
export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Plus aria-hidden="true" size={16} /> Neues Projekt
      </>
    ),
  },
};
export const Disabled: Story = { args: { disabled: true, children: 'Wird gespeichert…' } };
export const Block: Story = { args: { $block: true, children: 'Anmelden' } };
export const AsLink: StoryObj<typeof ButtonLink> = {
  render: () => <ButtonLink href="#docs">Dokumentation</ButtonLink>,
};
