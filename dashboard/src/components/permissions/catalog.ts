import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import { useUiStore } from '../../stores/ui';

export type PermissionCatalog = ApiSchemas['PermissionCatalog'];
export type CatalogResource = PermissionCatalog['resources'][number];

export const catalogKey = ['permissions', 'catalog'] as const;

/** The platform's permission catalog with German and English labels: the same for everyone, read once. */
export function usePermissionCatalog() {
  return useQuery({
    queryKey: catalogKey,
    staleTime: Infinity,
    queryFn: async () => unwrap(await api.GET('/api/v1/permissions/catalog')),
  });
}

/**
 * A permission's label in the screen's language ("Projekte anlegen"), from the catalog; the
 * name itself (`project:create`) while the catalog is not there.
 */
export function usePermissionLabel(): (permission: string) => string {
  const catalog = usePermissionCatalog();
  const locale = useUiStore((state) => state.locale);
  return useCallback(
    (permission: string) => {
      for (const resource of catalog.data?.resources ?? []) {
        const action = resource.actions.find((entry) => entry.name === permission);
        if (action) return action.label[locale];
      }
      return permission;
    },
    [catalog.data, locale],
  );
}
