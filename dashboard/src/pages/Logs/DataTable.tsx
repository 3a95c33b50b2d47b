import styled, { css } from 'styled-components';

/**
 * A table that keeps its columns on phones: it scrolls sideways inside this region (reachable
 * with the keyboard, named for screen readers) instead of widening the page.
 */
export const TableScroller = styled.div`
  overflow-x: auto;
  min-width: 0;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

export const Table = styled.table<{ $pinFirst?: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  th,
  td {
    padding: ${({ theme }) => theme.space(2)};
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    white-space: nowrap;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    background: ${({ theme }) => theme.colors.background};
  }
  tbody tr:last-child td {
    border-bottom: 0;
  }
  /* With $pinFirst the first column (a short one: the time) stays in view while the rest scrolls. */
  ${({ $pinFirst, theme }) =>
    $pinFirst &&
    css`
      th:first-child,
      td:first-child {
        position: sticky;
        left: 0;
        z-index: 1;
        background: ${theme.colors.surface};
        box-shadow: inset -1px 0 0 ${theme.colors.border};
      }
      th:first-child {
        background: ${theme.colors.background};
      }
    `}
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.8rem;
    overflow-wrap: anywhere;
  }
`;

/** A cell whose text may be long (user agents, endpoints): wraps within a readable width. */
export const WideCell = styled.td`
  min-width: 120px;
  max-width: 180px;
  overflow-wrap: anywhere;
`;

export const NoWrap = styled.td`
  white-space: nowrap;
`;

export const MutedText = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Long text (a user agent) cut after two lines; the whole of it is in the title and the details. */
export const ClampedText = styled(MutedText)`
  display: -webkit-box;
  -webkit-box-orient: vertical;
  -webkit-line-clamp: 2;
  line-clamp: 2;
  overflow: hidden;
`;
