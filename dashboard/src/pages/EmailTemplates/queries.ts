import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap, type ApiSchemas } from '../../api/client';
import { expectNoContent } from '../../components/tenancy/queries';

export type EmailTemplate = ApiSchemas['EmailTemplate'];
export type EmailPreview = ApiSchemas['EmailPreview'];
export type CreateTemplateBody = ApiSchemas['CreateEmailTemplateRequest'];
export type SendEmailBody = ApiSchemas['SendEmailRequest'];
export type TemplateKind = 'all' | 'system' | 'custom';

/** Every query key starts with 'email-templates', so one invalidation refreshes every list. */
export const templateKeys = {
  all: ['email-templates'] as const,
  list: (applicationId: string) => ['email-templates', { applicationId }] as const,
};

/** The application's active templates (system and custom, newest first; one page). */
export function useTemplates(applicationId: string | undefined) {
  return useQuery({
    queryKey: templateKeys.list(applicationId ?? ''),
    enabled: Boolean(applicationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/email-templates', {
          params: { query: { application_id: applicationId! } },
        }),
      ).data,
  });
}

export function filterByKind(templates: EmailTemplate[], kind: TemplateKind): EmailTemplate[] {
  if (kind === 'all') return templates;
  return templates.filter((template) => template.is_system_template === (kind === 'system'));
}

function useRefreshTemplates() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: templateKeys.all });
}

export function useCreateTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: async (body: CreateTemplateBody) =>
      unwrap(await api.POST('/api/v1/email-templates', { body })),
    onSuccess: refresh,
  });
}

export function useUpdateTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: async ({
      id,
      subject,
      html_content,
    }: {
      id: string;
      subject: string;
      html_content: string;
    }) =>
      unwrap(
        await api.PATCH('/api/v1/email-templates/{id}', {
          params: { path: { id } },
          body: { subject, html_content },
        }),
      ),
    onSuccess: refresh,
  });
}

/** SPEC §4: back to the system default — subject, content and variables; irreversible. */
export function useResetTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: async (template: EmailTemplate) =>
      unwrap(await api.POST('/api/v1/email-templates/{id}/reset', { params: { path: { id: template.id } } })),
    onSuccess: refresh,
  });
}

/** Deletes a custom template (204); the server refuses system templates with 409. */
export function useDeleteTemplate() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: async (template: EmailTemplate) =>
      expectNoContent(
        await api.DELETE('/api/v1/email-templates/{id}', { params: { path: { id: template.id } } }),
      ),
    onSuccess: refresh,
  });
}

export function useCopySystemTemplates() {
  const refresh = useRefreshTemplates();
  return useMutation({
    mutationFn: async (applicationId: string) =>
      unwrap(
        await api.POST('/api/v1/applications/{id}/email-templates/copy-system', {
          params: { path: { id: applicationId } },
        }),
      ),
    onSuccess: refresh,
  });
}

export function useSendEmail() {
  return useMutation({
    mutationFn: async (body: SendEmailBody) => unwrap(await api.POST('/api/v1/email/send', { body })),
  });
}

/**
 * The server's rendering of a template (saved, or a draft of subject and HTML) with sample data:
 * the complete mail HTML for a sandboxed iframe and the placeholders left without a value.
 */
export function usePreview(
  templateId: string,
  data: Record<string, string>,
  draft?: { subject: string; html_content: string },
) {
  return useQuery({
    queryKey: ['email-templates', 'preview', templateId, data, draft ?? null],
    placeholderData: (previous) => previous,
    retry: false,
    queryFn: async () =>
      unwrap(
        await api.POST('/api/v1/email-templates/{id}/preview', {
          params: { path: { id: templateId } },
          body: { data, ...(draft ?? {}) },
        }),
      ),
  });
}

export type EmailSettings = ApiSchemas['EmailSettings'];

const settingsKey = (applicationId: string) => ['email-settings', { applicationId }] as const;

/** The application's default locale and its senders: verified ones and those waiting for their link. */
export function useEmailSettings(applicationId: string) {
  return useQuery({
    queryKey: settingsKey(applicationId),
    queryFn: async () =>
      unwrap(
        await api.GET('/api/v1/applications/{id}/email-settings', {
          params: { path: { id: applicationId } },
        }),
      ),
  });
}

/** Sets the senders (admins): new addresses become pending and receive a verification link. */
export function useSetSenders(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (senders: string[]) =>
      unwrap(
        await api.PATCH('/api/v1/applications/{id}/email-settings', {
          params: { path: { id: applicationId } },
          body: { verified_senders: senders },
        }),
      ),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(applicationId), settings),
  });
}

/** Mails a fresh verification link to a pending sender (admins). */
export function useResendSenderLink(applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (address: string) =>
      unwrap(
        await api.POST('/api/v1/applications/{id}/email-settings/sender-verification', {
          params: { path: { id: applicationId } },
          body: { address },
        }),
      ),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey(applicationId), settings),
  });
}
