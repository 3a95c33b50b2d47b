import styled from 'styled-components';
import { Card } from '../../ui/Card';

export const Box = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  min-width: 0;
  border-color: #c7d2fe;
`;

export const Header = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(1)};
    font-size: 1.125rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

export const Meter = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  font-weight: 600;
  progress {
    width: 100%;
    height: 8px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const Steps = styled.ol`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const Step = styled.li<{ $next: boolean; $done: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ $next, theme }) => ($next ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ $next }) => ($next ? '#eef2ff' : 'transparent')};
  > svg {
    margin-top: 2px;
    color: ${({ $done, theme }) => ($done ? theme.colors.success : theme.colors.textMuted)};
  }
  h3 {
    margin: 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

export const Title = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

export const StepBody = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  > a {
    justify-self: start;
  }
`;

export const Snippet = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 0;
  pre {
    margin: 0;
    padding: ${({ theme }) => theme.space(3)};
    overflow-x: auto;
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: 0.8125rem;
    color: #e2e8f0;
    background: #0f172a;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  > button {
    justify-self: start;
  }
`;

export const Restore = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
