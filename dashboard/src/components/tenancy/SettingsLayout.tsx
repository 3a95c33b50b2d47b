import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../ui/Card';
import { DangerAction } from './ConfirmInline';
import type { Role } from './queries';

/**
 * The column of cards on a detail page's Einstellungen tab (ProjectSettings, ApplicationSettings).
 * `$headingSpace` is the theme spacing below each card's heading.
 */
export const SettingsStack = styled.div<{ $headingSpace: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0 0 ${({ theme, $headingSpace }) => theme.space($headingSpace)};
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

/** One card of an Einstellungen tab: its heading, an optional explanation, then its content. */
export function SettingsCard({
  title,
  text,
  children,
}: {
  title: string;
  text?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <h2>{title}</h2>
      {text === undefined ? null : <p>{text}</p>}
      {children}
    </Card>
  );
}

/**
 * The last card of an Einstellungen tab: a destructive action (deactivate, delete) that only the
 * organization's admins get; others read `notAllowedText`.
 */
export function DangerZoneCard({
  title,
  text,
  role,
  ...action
}: Omit<ComponentProps<typeof DangerAction>, 'allowed'> & { title: string; text: string; role?: Role }) {
  return (
    <SettingsCard title={title} text={text}>
      <DangerAction allowed={role === 'admin'} {...action} />
    </SettingsCard>
  );
}
