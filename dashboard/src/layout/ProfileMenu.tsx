import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useT } from '../i18n/useT';
import { useDataExport } from './ExportDataButton';

/** The e-mail in the header bar, cut short when space is short; it opens the profile menu. */
const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  min-width: 4rem;
  max-width: 14rem;
  padding: 4px 6px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: 0.9rem;
  cursor: pointer;
  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  svg {
    flex: none;
  }
  &:hover {
    background: ${({ theme }) => theme.colors.background};
  }
`;

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

const Label = styled(DropdownMenu.Label)`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
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

/** The signed-in person's menu in the wide header: who is signed in, security settings, data export. */
export function ProfileMenu({ email }: { email: string }) {
  const t = useT();
  const dataExport = useDataExport();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Trigger type="button" data-testid="user-email" title={`${t('nav.signedInAs')} ${email}`}>
          <span>{email}</span>
          <ChevronDown aria-hidden="true" size={14} />
        </Trigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end" sideOffset={6}>
          <Label>
            {t('nav.signedInAs')} {email}
          </Label>
          <MenuItem asChild>
            <Link to="/account/security">
              <ShieldCheck aria-hidden="true" size={16} />
              {t('security.nav')}
            </Link>
          </MenuItem>
          <MenuItem disabled={dataExport.pending} onSelect={dataExport.start} title={t('privacy.exportHint')}>
            <Download aria-hidden="true" size={16} />
            {dataExport.label}
          </MenuItem>
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
