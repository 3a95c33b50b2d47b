import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { api, unwrap, type ApiClient } from '../api/client';
import { describeError } from '../api/errors';
import { useT } from '../i18n/useT';
import { Button } from '../ui/Button';
import { useToast } from '../ui/useToast';

/** Saves a blob under a file name through a temporary link (works for any size the tab can hold). */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Saves a download the API answered (fetched with the session's token, `parseAs: 'blob'`) under
 * the name its Content-Disposition gives, or `fallbackName`; a failed answer throws its ApiError.
 */
export function saveDownload(
  result: { data?: unknown; error?: unknown; response: Response },
  fallbackName: string,
): void {
  const blob = unwrap(result as { data?: Blob; error?: unknown; response: Response });
  const disposition = result.response.headers.get('content-disposition') ?? '';
  saveFile(blob, /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName);
}

/**
 * "Meine Daten exportieren" (GDPR): downloads GET /api/v1/auth/me/export as a JSON file, for the
 * dashboard's session or, with `client`, another one (a hosted account page's end user).
 */
export function useDataExport(client: ApiClient = api) {
  const t = useT();
  const toast = useToast();
  const exportData = useMutation({
    mutationFn: async () => {
      saveDownload(
        await client.GET('/api/v1/auth/me/export', { parseAs: 'blob' }),
        'iam-platform-export.json',
      );
    },
    onSuccess: () => toast({ title: t('privacy.exported'), variant: 'success' }),
    onError: (error) =>
      toast({
        title: t('privacy.exportFailed'),
        description: describeError(error, t),
        variant: 'destructive',
      }),
  });
  return {
    start: () => exportData.mutate(),
    pending: exportData.isPending,
    label: exportData.isPending ? t('privacy.exporting') : t('privacy.export'),
  };
}

/** The export as a button of its own (the small-screen menu). */
export function ExportDataButton() {
  const t = useT();
  const { start, pending, label } = useDataExport();
  return (
    <Button
      type="button"
      $variant="secondary"
      title={t('privacy.exportHint')}
      disabled={pending}
      onClick={start}
    >
      <Download aria-hidden="true" size={16} />
      {label}
    </Button>
  );
}
