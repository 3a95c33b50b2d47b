import styled from 'styled-components';

const Chips = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  min-width: 0;
`;

/** A small label in the code font: a role's or a permission's name as the tokens carry it. */
const Chip = styled.span<{ $tone: 'role' | 'permission' }>`
  max-width: 100%;
  padding: 1px ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ $tone }) => ($tone === 'role' ? '#99f6e4' : '#cbd5e1')};
  border-radius: 999px;
  background: ${({ $tone }) => ($tone === 'role' ? '#f0fdfa' : '#f8fafc')};
  color: ${({ $tone }) => ($tone === 'role' ? '#134e4a' : '#1e293b')};
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.75rem;
  line-height: 1.6;
  overflow-wrap: anywhere;
`;

/**
 * Names as small chips in a labelled list (an end user's roles, a role's permissions); nothing
 * when there are none. Spans with list roles, so that they may sit inside a link's row.
 */
export function NameChips({
  names,
  label,
  tone = 'permission',
}: {
  names: readonly string[];
  label: string;
  tone?: 'role' | 'permission';
}) {
  if (names.length === 0) return null;
  return (
    <Chips role="list" aria-label={label}>
      {names.map((name) => (
        <Chip role="listitem" key={name} $tone={tone}>
          {name}
        </Chip>
      ))}
    </Chips>
  );
}
