import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonRouterLink } from '../../ui/Button';
import { Card } from '../../ui/Card';

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** A tab whose content lives on another page: what is there, and the way to it. */
export function LinkPanel({
  title,
  text,
  links,
  children,
}: {
  title: string;
  text: string;
  links: { to: string; label: string; secondary?: boolean }[];
  children?: ReactNode;
}) {
  return (
    <Panel>
      <h2>{title}</h2>
      <p>{text}</p>
      {children}
      <Links>
        {links.map((link) => (
          <ButtonRouterLink key={link.to} to={link.to} $variant={link.secondary ? 'secondary' : 'primary'}>
            {link.label}
            <ArrowRight aria-hidden="true" size={16} />
          </ButtonRouterLink>
        ))}
      </Links>
    </Panel>
  );
}
