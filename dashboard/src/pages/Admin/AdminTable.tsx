import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Skeletons } from '../../ui/Skeleton';

/**
 * A table that scrolls sideways inside its own frame on phones (the page itself never does);
 * the frame is focusable so keyboard users can scroll it too.
 */
const Frame = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9rem;
  }
  caption {
    text-align: left;
    padding: ${({ theme }) => theme.space(3)};
    font-weight: 700;
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    white-space: nowrap;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Loading, error, empty and loaded states of an admin list, with "Mehr laden". */
export function AdminTable({
  caption,
  columns,
  rows,
  isPending,
  isError,
  emptyText,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  caption: string;
  columns: string[];
  rows: ReactNode[][] | undefined;
  isPending: boolean;
  isError: boolean;
  emptyText: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
}) {
  const t = useT();
  if (isPending) return <Skeletons count={3} label={t('admin.loading')} height={48} />;
  if (isError || !rows) return <Alert tone="error">{t('tenancy.loadFailed')}</Alert>;
  return (
    <>
      <Frame tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>{emptyText}</td>
              </tr>
            ) : (
              rows.map((cells, index) => (
                <tr key={index}>
                  {cells.map((cell, cellIndex) => (
                    <td key={cellIndex}>{cell}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </Frame>
      <Footer>
        <span>{t('admin.count', { count: String(rows.length) })}</span>
        {hasMore ? (
          <Button type="button" $variant="secondary" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? t('admin.loading') : t('admin.loadMore')}
          </Button>
        ) : null}
      </Footer>
    </>
  );
}
