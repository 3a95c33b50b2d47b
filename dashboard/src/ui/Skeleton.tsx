import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  50% { opacity: 0.5; }
`;

/** Read by screen readers, not shown: status texts, text alternatives of charts. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

const Block = styled.div<{ $height: number }>`
  height: ${({ $height }) => $height}px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #e2e8f0;
  animation: ${pulse} 1.5s ease-in-out infinite;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/**
 * `count` grey placeholder blocks shown while a list loads; screen readers hear `label` once
 * instead of a row of empty boxes.
 */
export function Skeletons({ count, label, height = 140 }: { count: number; label: string; height?: number }) {
  return (
    <>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {Array.from({ length: count }, (_, index) => (
        <Block key={index} aria-hidden="true" data-testid="skeleton" $height={height} />
      ))}
    </>
  );
}
