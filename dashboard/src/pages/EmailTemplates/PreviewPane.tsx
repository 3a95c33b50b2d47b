import { AlertTriangle, Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import styled from 'styled-components';
import { describeError } from '../../api/errors';
import { useT } from '../../i18n/useT';
import { Alert } from '../../ui/Alert';
import type { EmailPreview } from './queries';

export const PREVIEW_WIDTHS = { desktop: 600, mobile: 375 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const Pane = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  min-width: 0;
`;

const Toggle = styled.div`
  display: inline-flex;
  gap: 4px;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #e2e8f0;
  justify-self: start;
  button {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(1)};
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    border: 0;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: none;
    color: ${({ theme }) => theme.colors.textMuted};
    font: inherit;
    font-weight: 600;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadow};
  }
`;

const Warning = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid #fcd34d;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fffbeb;
  color: #78350f;
  overflow-wrap: anywhere;
  svg {
    flex: none;
    margin-top: 2px;
  }
  p {
    margin: 0;
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const Subject = styled.p`
  margin: 0;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const Stage = styled.div`
  overflow-x: auto;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #f1f5f9;
`;

const Frame = styled.iframe<{ $width: number }>`
  display: block;
  width: ${({ $width }) => $width}px;
  max-width: 100%;
  height: 420px;
  margin: 0 auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: #fff;
`;

/**
 * A rendered mail: its subject, the warning about placeholders left as {{name}}, and the HTML in
 * an iframe with `sandbox=""` (no scripts, no forms, no same origin), at desktop or phone width.
 */
export function PreviewPane({
  preview,
  error,
  loading,
}: {
  preview: EmailPreview | undefined;
  error: unknown;
  loading: boolean;
}) {
  const t = useT();
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const widthLabel = t(
    width === 'desktop' ? 'emailTemplates.preview.desktop' : 'emailTemplates.preview.mobile',
  );
  return (
    <Pane>
      <Toggle role="group" aria-label={t('emailTemplates.preview.width')}>
        <button type="button" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')}>
          <Monitor aria-hidden="true" size={16} />
          {t('emailTemplates.preview.desktop')}
        </button>
        <button type="button" aria-pressed={width === 'mobile'} onClick={() => setWidth('mobile')}>
          <Smartphone aria-hidden="true" size={16} />
          {t('emailTemplates.preview.mobile')}
        </button>
      </Toggle>
      {error ? (
        <Alert tone="error">{t('emailTemplates.preview.failed', { message: describeError(error, t) })}</Alert>
      ) : null}
      {preview && preview.unresolved.length > 0 ? (
        <Warning role="status" data-testid="unresolved-warning">
          <AlertTriangle aria-hidden="true" size={18} />
          <div>
            <p>
              <strong>
                {t('emailTemplates.preview.unresolved', {
                  names: preview.unresolved.map((name) => `{{${name}}}`).join(', '),
                })}
              </strong>
            </p>
            <p>{t('emailTemplates.preview.unresolvedText')}</p>
          </div>
        </Warning>
      ) : null}
      {preview ? (
        <>
          <Subject>{t('emailTemplates.preview.subject', { subject: preview.subject })}</Subject>
          <Stage>
            {/* A picture of the mail, not controls: its links do nothing in the sandbox, and Tab
                stopped at the frame and its links with no focus ring the page can draw. Out of
                the Tab order; screen readers still read it (it stays in the accessibility tree). */}
            <Frame
              tabIndex={-1}
              sandbox=""
              srcDoc={preview.html}
              title={t('emailTemplates.preview.frame', { width: widthLabel })}
              $width={PREVIEW_WIDTHS[width]}
              data-preview-width={width}
            />
          </Stage>
        </>
      ) : loading ? (
        <p role="status">{t('emailTemplates.preview.loading')}</p>
      ) : null}
    </Pane>
  );
}
