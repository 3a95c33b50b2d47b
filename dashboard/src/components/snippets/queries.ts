import { useQuery } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import type { Locale } from '../../i18n/messages';

export type IntegrationSnippet = ApiSchemas['IntegrationSnippet'];

/** The application's integration code in the UI's language (titles and prose; the code is the same). */
export function useIntegrationSnippets(applicationId: string, locale: Locale) {
  return useQuery({
    queryKey: ['applications', applicationId, 'snippets', locale],
    enabled: applicationId !== '',
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/applications/{id}/snippets', {
          params: { path: { id: applicationId }, query: { locale } },
        }),
      ),
  });
}
