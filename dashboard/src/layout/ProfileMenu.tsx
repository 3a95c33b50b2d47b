import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Download, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { useT } from '../i18n/useT';
import { MenuContent, MenuItem } from '../ui/Menu';
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

const Label = styled(DropdownMenu.Label)`
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
  overflow-wrap: anywhere;
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
