import { MissingPermissionNote } from '../../../components/permissions/PermissionButton';
import { usePermissions } from '../../../components/permissions/usePermissions';
import type { Project } from '../../../components/tenancy/queries';
import { useT } from '../../../i18n/useT';
import { CardHead, Stack } from './parts';
import { PermissionsCard } from './PermissionsCard';
import { RolesCard } from './RolesCard';

/**
 * "Berechtigungen & Rollen" (issue #33): what the project's applications let their end users do —
 * the project's permissions (`invoice:read`), roles bundling them, the default role for new
 * sign-ups. Users get roles in "Benutzer"; tokens carry them as `roles` and `permissions`, and
 * the SDK's `can()` asks about them. Reading needs app_role:read, changing app_role:manage.
 */
export function AppRolesTab({ project }: { project: Project }) {
  const t = useT();
  const permissions = usePermissions(project.organization_id);
  if (!permissions.isPending && !permissions.can('app_role:read'))
    return <MissingPermissionNote permission="app_role:read" />;
  return (
    <Stack>
      <CardHead>
        <div>
          <h2 style={{ margin: 0, fontSize: '1.25rem' }}>{t('projects.detail.appRoles')}</h2>
          <p>{t('appRoles.intro')}</p>
        </div>
      </CardHead>
      {permissions.isPending || permissions.can('app_role:manage') ? null : (
        <MissingPermissionNote permission="app_role:manage" />
      )}
      <PermissionsCard projectId={project.id} permissions={permissions} />
      <RolesCard projectId={project.id} permissions={permissions} />
    </Stack>
  );
}
