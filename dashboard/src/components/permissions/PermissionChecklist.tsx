import styled from 'styled-components';

/** The groups in as many columns as fit, packed top to bottom (groups differ in length). */
export const Groups = styled.div`
  column-width: 250px;
  column-gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  > fieldset {
    break-inside: avoid;
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
  > fieldset:last-child {
    margin-bottom: 0;
  }
`;

const Group = styled.fieldset`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
  legend {
    padding: 0 ${({ theme }) => theme.space(1)};
    font-weight: 600;
    font-size: 0.95rem;
  }
`;

export const Check = styled.label<{ $disabled?: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(1)} 0;
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  overflow-wrap: anywhere;
  min-width: 0;
  input {
    flex: none;
    width: 18px;
    height: 18px;
    margin: 2px 0 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  span {
    display: grid;
    min-width: 0;
  }
  code {
    font-size: 0.8rem;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export interface ChecklistItem {
  name: string;
  label: string;
  /** Shown under the label (say why it cannot be chosen). */
  hint?: string;
  disabled?: boolean;
}

/**
 * A group of permissions as checkboxes: the label, the permission's name as code below it. Used
 * for organization roles (one group per catalog resource) and a project's application roles.
 */
export function PermissionGroup({
  legend,
  items,
  selected,
  readOnly = false,
  onToggle,
}: {
  legend: string;
  items: ChecklistItem[];
  selected: ReadonlySet<string>;
  readOnly?: boolean;
  onToggle(name: string, checked: boolean): void;
}) {
  return (
    <Group>
      <legend>{legend}</legend>
      {items.map((item) => {
        const disabled = readOnly || item.disabled;
        return (
          <Check key={item.name} $disabled={disabled}>
            <input
              type="checkbox"
              name="permissions"
              value={item.name}
              checked={selected.has(item.name)}
              disabled={disabled}
              onChange={(event) => onToggle(item.name, event.target.checked)}
            />
            <span>
              {item.label}
              {item.label === item.name ? null : <code>{item.name}</code>}
              {item.hint ? <small>{item.hint}</small> : null}
            </span>
          </Check>
        );
      })}
    </Group>
  );
}
