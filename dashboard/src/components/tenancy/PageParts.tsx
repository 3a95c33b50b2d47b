import type { ReactNode } from 'react';
import styled from 'styled-components';

const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(6)};
  h1 {
    margin: 0;
    font-size: 1.75rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: ${({ theme }) => theme.space(1)} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A page's title, one-line introduction and primary actions. */
export function PageHeader({
  title,
  intro,
  actions,
  before,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  /** Above the title: a back link or breadcrumb. */
  before?: ReactNode;
}) {
  return (
    <Header>
      <div style={{ minWidth: 0 }}>
        {before}
        <h1>{title}</h1>
        {intro ? <p>{intro}</p> : null}
      </div>
      {actions ? <Actions>{actions}</Actions> : null}
    </Header>
  );
}

/** Cards in as many columns as fit, one column on phones. */
export const CardGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
`;

/** A card of a grid: title row, details and a footer of actions. */
export const ItemCard = styled.article`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadow};
  h2,
  h3 {
    margin: 0;
    font-size: 1.1rem;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export const CardTitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
`;

export const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

export const CardFooter = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(2)};
`;

/** A back link above a page title. */
export const BackLinkRow = styled.div`
  margin-bottom: ${({ theme }) => theme.space(2)};
  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

/** Tab lists that scroll sideways on phones, with a hint at the edges (ui/ScrollingTabList). */
export { ScrollingTabList } from '../../ui/ScrollingTabList';
