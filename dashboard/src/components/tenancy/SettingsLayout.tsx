import type { ComponentProps, ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from '../../ui/Card';
import { DangerAction } from './ConfirmInline';
import { useMissingPermissionText } from '../permissions/PermissionButton';
import type { PermissionName, Permissions } from '../permissions/usePermissions';

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
 * The last card of an Einstellungen tab: a destructive action (deactivate, delete) for those whose
 * role holds `need`; others read which permission their role lacks.
 */
export function DangerZoneCard({
  title,
  text,
  permissions,
  need,
  ...action
}: Omit<ComponentProps<typeof DangerAction>, 'allowed' | 'notAllowedText'> & {
  title: string;
  text: string;
  permissions: Permissions;
  need: PermissionName;
}) {
  const missing = useMissingPermissionText();
  return (
    <SettingsCard title={title} text={text}>
      <DangerAction allowed={permissions.can(need)} notAllowedText={missing(need)} {...action} />
    </SettingsCard>
  );
}
