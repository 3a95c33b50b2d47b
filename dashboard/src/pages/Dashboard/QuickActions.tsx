import { Building2, FolderPlus, KeyRound, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { MessageKey } from '../../i18n/messages';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { PermissionButton } from '../../components/permissions/PermissionButton';
import {
  useAnyOrganizationPermissions,
  type PermissionName,
} from '../../components/permissions/usePermissions';
import { Panel } from './Panel';

export type QuickAction = 'organization' | 'project' | 'invite' | 'token';

const Grid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${Button} {
    justify-content: flex-start;
    padding: ${({ theme }) => theme.space(3)};
  }
`;

/** What each action needs in at least one organization (creating an organization needs nothing). */
const NEEDS: Partial<Record<QuickAction, PermissionName>> = {
  project: 'project:create',
  invite: 'member:invite',
  token: 'token:create',
};

const ACTIONS: { action: QuickAction; label: MessageKey; icon: ReactNode }[] = [
  {
    action: 'organization',
    label: 'home.quick.organization',
    icon: <Building2 aria-hidden="true" size={18} />,
  },
  { action: 'project', label: 'home.quick.project', icon: <FolderPlus aria-hidden="true" size={18} /> },
  { action: 'invite', label: 'home.quick.invite', icon: <UserPlus aria-hidden="true" size={18} /> },
  { action: 'token', label: 'home.quick.token', icon: <KeyRound aria-hidden="true" size={18} /> },
];

/** SPEC §2 /dashboard quick actions; each opens the real create dialog. */
export function QuickActions({ onAction }: { onAction(action: QuickAction): void }) {
  const t = useT();
  const anywhere = useAnyOrganizationPermissions();
  return (
    <Panel aria-labelledby="quick-actions-title">
      <h2 id="quick-actions-title">{t('home.quick.title')}</h2>
      <Grid>
        {ACTIONS.map(({ action, label, icon }) => {
          const need = NEEDS[action];
          return need ? (
            <PermissionButton
              key={action}
              type="button"
              $variant="secondary"
              permissions={anywhere}
              need={need}
              onClick={() => onAction(action)}
            >
              {icon}
              {t(label)}
            </PermissionButton>
          ) : (
            <Button key={action} type="button" $variant="secondary" onClick={() => onAction(action)}>
              {icon}
              {t(label)}
            </Button>
          );
        })}
      </Grid>
    </Panel>
  );
}
