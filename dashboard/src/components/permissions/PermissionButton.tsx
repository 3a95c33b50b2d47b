import { useId, type ComponentProps, type ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { Button } from '../../ui/Button';
import { Muted } from '../tenancy/PageParts';
import { usePermissionLabel } from './catalog';
import type { PermissionName, Permissions } from './usePermissions';

/** A button the role does not allow: still focusable (its hint is read out), looks disabled. */
const LockedButton = styled(Button)`
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

/** "Ihrer Rolle fehlt die Berechtigung „Projekte anlegen“ (project:create)." */
export function useMissingPermissionText(): (permission: PermissionName) => string {
  const t = useT();
  const label = usePermissionLabel();
  return (permission) => {
    const text = label(permission);
    // Without the catalog (not loaded) the name alone.
    return text === permission
      ? t('permissions.missingName', { permission })
      : t('permissions.missing', { label: text, permission });
  };
}

/**
 * A button for an action that needs a permission: as usual when the caller's role holds it;
 * otherwise shown disabled (aria-disabled, so it stays focusable) with a tooltip and a
 * description naming the missing permission, and clicking does nothing.
 */
export function PermissionButton({
  permissions,
  need,
  onClick,
  children,
  ...button
}: ComponentProps<typeof Button> & {
  permissions: Permissions;
  need: PermissionName | PermissionName[];
  children: ReactNode;
}) {
  const hintId = useId();
  const text = useMissingPermissionText();
  // While the permissions load the button works as usual (the API decides anyway): no flash of
  // locked buttons for those who may.
  const missing = permissions.isPending
    ? null
    : permissions.missing(...(Array.isArray(need) ? need : [need]));
  if (!missing) {
    return (
      <Button {...button} onClick={onClick}>
        {children}
      </Button>
    );
  }
  const hint = text(missing);
  // The description lives outside the button (not part of its name); hidden elements still describe.
  return (
    <>
      <LockedButton
        {...button}
        aria-disabled="true"
        aria-describedby={hintId}
        title={hint}
        data-missing-permission={missing}
        onClick={(event) => event.preventDefault()}
      >
        {children}
      </LockedButton>
      <span hidden id={hintId}>
        {hint}
      </span>
    </>
  );
}

/** A note above an area the role may read but not change, naming the missing permission. */
export function MissingPermissionNote({ permission }: { permission: PermissionName }) {
  const text = useMissingPermissionText();
  return (
    <Muted as="p" role="note" data-missing-permission={permission} style={{ margin: 0 }}>
      {text(permission)}
    </Muted>
  );
}
