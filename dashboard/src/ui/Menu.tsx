import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import styled from 'styled-components';

/** The header's drop-down menus (profile, "Mehr") share one look. */
export const MenuContent = styled(DropdownMenu.Content)`
  z-index: 30;
  min-width: 16rem;
  max-width: calc(100vw - 16px);
  padding: ${({ theme }) => theme.space(1)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 10px 30px rgba(15, 23, 42, 0.15);
`;

export const MenuItem = styled(DropdownMenu.Item)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  color: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
  outline: none;
  &[data-highlighted],
  &[aria-current='page'] {
    background: #eef2ff;
    color: ${({ theme }) => theme.colors.primary};
  }
  &[data-disabled] {
    opacity: 0.6;
  }
`;
