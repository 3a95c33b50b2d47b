import styled from 'styled-components';

/** The column of fields in the tenancy dialogs and settings forms. */
export const FormStack = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
`;

/**
 * Two fields side by side on wide screens, stacked on phones. Side by side, the fields (each a
 * label over its control) share two rows through a subgrid: when one label wraps onto a second
 * line, both labels start at the same height and both controls still line up.
 */
export const FieldRow = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: 1fr 1fr;
    grid-template-rows: auto auto;
    row-gap: ${({ theme }) => theme.space(1)};
    align-items: start;
    > * {
      grid-row: span 2;
      grid-template-rows: subgrid;
    }
  }
`;

/** A short explanation under a field; link it with the field's aria-describedby. */
export const FieldHint = styled.p`
  margin: calc(-1 * ${({ theme }) => theme.space(3)}) 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** The buttons at the end of a form: primary action last, wrapping on narrow screens. */
export const FormActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;
