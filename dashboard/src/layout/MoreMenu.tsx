import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import type { MessageKey } from '../i18n/messages';
import { useT } from '../i18n/useT';
import { MenuContent, MenuItem } from '../ui/Menu';

export interface MoreLink {
  to: string;
  label: MessageKey;
}

/** Looks like the bar's links; marked when the page shown is one of the menu's. */
const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: ${({ theme }) => theme.space(2)};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  white-space: nowrap;
  cursor: pointer;
  &:hover,
  &[data-state='open'] {
    background: ${({ theme }) => theme.colors.background};
  }
  &.active {
    color: ${({ theme }) => theme.colors.primary};
    background: #eef2ff;
  }
`;

export function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * "Mehr" in the wide header: the areas the bar has no room for (Analytics, System-Logs,
 * E-Mail-Templates, Docs). A Radix menu button: Enter, Space or ↓ open it, the arrow keys move,
 * Escape closes it and focus returns to the button. The button is marked while one of its pages
 * is shown, and that page's item carries aria-current.
 */
export function MoreMenu({ links }: { links: MoreLink[] }) {
  const t = useT();
  const { pathname } = useLocation();
  const current = links.find((link) => isCurrent(pathname, link.to));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Trigger type="button" className={current ? 'active' : undefined} data-testid="more-trigger">
          {t('nav.more')}
          <ChevronDown aria-hidden="true" size={14} />
        </Trigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="start" sideOffset={6} data-testid="more-menu">
          {links.map((link) => (
            <MenuItem key={link.to} asChild>
              <Link to={link.to} aria-current={isCurrent(pathname, link.to) ? 'page' : undefined}>
                {t(link.label)}
              </Link>
            </MenuItem>
          ))}
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
