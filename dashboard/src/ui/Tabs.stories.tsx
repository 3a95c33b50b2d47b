import type { Meta, StoryObj } from '@storybook/react-vite';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

const meta: Meta<typeof Tabs> = { title: 'Dashboard UI/Tabs', component: Tabs };
export default meta;

export const Default: StoryObj<typeof Tabs> = {
  render: () => (
    <Tabs defaultValue="overview">
      <TabList aria-label="Projekt">
        <Tab value="overview">Übersicht</Tab>
        <Tab value="applications">Anwendungen</Tab>
        <Tab value="logs">Logs</Tab>
      </TabList>
      <TabPanel value="overview">Projektübersicht</TabPanel>
      <TabPanel value="applications">Anwendungen des Projekts</TabPanel>
      <TabPanel value="logs">Letzte Anfragen</TabPanel>
    </Tabs>
  ),
};
