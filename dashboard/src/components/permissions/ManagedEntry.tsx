import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';
import { BorderedListItem } from '../../ui/BorderedList';
import { ConfirmInline } from '../tenancy/ConfirmInline';
import { PermissionButton } from './PermissionButton';
import type { PermissionName, Permissions } from './usePermissions';

/**
 * What the entry is on the left (the first child), its buttons on the right (below on phones);
 * also the row of the organization's roles page, whose buttons are not all PermissionButtons.
 */
export const EntryRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  > div:first-child {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    flex: 1 1 240px;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
  }
  code {
    font-weight: 600;
  }
`;

/** The buttons beside an entry (EntryRow's second child). */
export const EntryButtons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface EntryButton {
  /** The accessible name, naming the entry ("Bearbeiten: orders:read"). */
  label: string;
  text: string;
  onClick(): void;
  disabled?: boolean;
}

/**
 * One entry of a project's app roles, app permissions or policies: its description, and buttons
 * that need `need` (secondary PermissionButtons). While `confirm` is given, the buttons make way
 * for that inline confirmation (of a deletion) below the entry.
 */
export function ManagedEntry({
  testId,
  permissions,
  need,
  buttons,
  confirm,
  children,
}: {
  testId: string;
  permissions: Permissions;
  need: PermissionName;
  buttons: EntryButton[];
  confirm: ComponentProps<typeof ConfirmInline> | null;
  children: ReactNode;
}) {
  return (
    <BorderedListItem data-testid={testId}>
      <EntryRow>
        <div>{children}</div>
        {confirm ? null : (
          <EntryButtons>
            {buttons.map((button) => (
              <PermissionButton
                key={button.label}
                type="button"
                $variant="secondary"
                permissions={permissions}
                need={need}
                aria-label={button.label}
                disabled={button.disabled}
                onClick={button.onClick}
              >
                {button.text}
              </PermissionButton>
            ))}
          </EntryButtons>
        )}
      </EntryRow>
      {confirm ? <ConfirmInline {...confirm} /> : null}
    </BorderedListItem>
  );
}
