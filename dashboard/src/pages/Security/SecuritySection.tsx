import { useId, type ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../ui/Card';

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  p {
    margin: 0;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

const SectionTitle = styled.h2`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  font-size: 1.2rem;
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** An amber box that asks for something (a second factor a policy requires): icon, heading, text. */
export const PolicyNotice = styled.section`
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
  border: 1px solid #f59e0b;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fffbeb;
  color: #78350f;
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.05rem;
  }
  p {
    margin: 0;
  }
  svg {
    flex: none;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

/** One card of an account page: a heading (with an icon and a status) and its content. */
export function SecuritySection({
  icon,
  title,
  status,
  children,
}: {
  icon: ReactNode;
  title: string;
  status?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>
        {icon}
        {title}
        {status}
      </SectionTitle>
      {children}
    </Section>
  );
}
