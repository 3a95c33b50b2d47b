import * as RadixTabs from '@radix-ui/react-tabs';
import styled from 'styled-components';

export const Tabs = RadixTabs.Root;

export const TabList = styled(RadixTabs.List)`
  display: grid;
  grid-auto-columns: 1fr;
  grid-auto-flow: column;
  padding: 4px;
  gap: 4px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #e2e8f0;
`;

export const Tab = styled(RadixTabs.Trigger)`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadow};
  }
`;

export const TabPanel = styled(RadixTabs.Content)`
  padding-top: ${({ theme }) => theme.space(4)};
  &:focus-visible {
    outline-offset: 4px;
  }
`;
