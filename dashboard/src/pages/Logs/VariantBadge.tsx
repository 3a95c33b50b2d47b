import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Badge, type BadgeTone } from '../../ui/Badge';
import type { BadgeVariant } from './logFilters';

const TONES: Record<BadgeVariant, BadgeTone> = {
  default: 'info',
  secondary: 'muted',
  destructive: 'neutral',
};

const Tinted = styled(Badge)<{ $destructive: boolean }>`
  ${({ $destructive }) =>
    $destructive &&
    css`
      background: #fee2e2;
      color: #991b1b;
    `}
`;

/** SPEC §9's badge variants: default (the primary tint), secondary (grey), destructive (red). */
export function VariantBadge({ variant, children }: { variant: BadgeVariant; children: ReactNode }) {
  return (
    <Tinted $tone={TONES[variant]} $destructive={variant === 'destructive'} data-variant={variant}>
      {children}
    </Tinted>
  );
}
