import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './Badge';
import { Card } from './Card';

const meta: Meta<typeof Card> = { title: 'Dashboard UI/Card', component: Card };
export default meta;

export const Organization: StoryObj<typeof Card> = {
  render: () => (
    <Card style={{ maxWidth: 360 }}>
      <h3 style={{ margin: 0 }}>Acme GmbH</h3>
      <p>@acme</p>
      <Badge $tone="success">Aktiv</Badge>
    </Card>
  ),
};
