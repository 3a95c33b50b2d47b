import { useEffect, useState, type DetailedHTMLProps, type HTMLAttributes } from 'react';
import styled from 'styled-components';
import { useT } from '../../i18n/useT';
import { useUiStore } from '../../stores/ui';
import { TextField } from '../../ui/Field';
import { Markdown } from './Markdown';
import { DocsSection, Muted } from './styles';

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'iam-auth-dialog': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        'application-id'?: string;
        'api-url'?: string;
        locale?: string;
      };
    }
  }
}

/** The standalone widget build the server offers; it defines <iam-auth-dialog>. */
export const WIDGET_SCRIPT = '/cdn/widget/iam-auth-widget.min.js';

/** Loads the widget script once per page. */
function useWidgetScript(): 'loading' | 'ready' | 'failed' {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>(() =>
    customElements.get('iam-auth-dialog') ? 'ready' : 'loading',
  );
  useEffect(() => {
    if (state !== 'loading') return;
    let script = document.querySelector<HTMLScriptElement>(`script[src="${WIDGET_SCRIPT}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = WIDGET_SCRIPT;
      script.async = true;
      document.head.append(script);
    }
    const ready = () => setState('ready');
    const failed = () => setState('failed');
    void customElements.whenDefined('iam-auth-dialog').then(ready);
    script.addEventListener('error', failed);
    return () => script.removeEventListener('error', failed);
  }, [state]);
  return state;
}

/** The auth dialog section: how to embed it, and the real widget running against this server. */
export function AuthDialogPreview() {
  const t = useT();
  const locale = useUiStore((store) => store.locale);
  const state = useWidgetScript();
  const [applicationId, setApplicationId] = useState('');
  const origin = location.origin;
  const snippet = [
    '```html',
    `<script src="${origin}${WIDGET_SCRIPT}"></script>`,
    `<iam-auth-dialog application-id="YOUR_APPLICATION_ID" api-url="${origin}"></iam-auth-dialog>`,
    '<script>',
    "  document.addEventListener('iam-auth-success', (event) => console.log(event.detail.user));",
    '</script>',
    '```',
  ].join('\n');
  return (
    <DocsSection id="auth-dialog" aria-labelledby="auth-dialog-title">
      <h2 id="auth-dialog-title">{t('docs.section.authDialog')}</h2>
      <p>
        {t('docs.dialog.lead')} <a href="#widget">{t('docs.dialog.guideLink')}</a>.
      </p>
      <Markdown source={snippet} />
      <h3>{t('docs.dialog.preview')}</h3>
      <Preview>
        <TextField
          label={t('docs.dialog.idLabel')}
          value={applicationId}
          onChange={(event) => setApplicationId(event.target.value.trim())}
          placeholder={t('docs.dialog.idPlaceholder')}
          autoComplete="off"
        />
        <Muted>{t('docs.dialog.idHint')}</Muted>
        {state === 'failed' ? (
          <Muted role="alert">{t('docs.dialog.scriptFailed', { url: WIDGET_SCRIPT })}</Muted>
        ) : (
          <Frame data-testid="auth-dialog-preview">
            <iam-auth-dialog application-id={applicationId} api-url={origin} locale={locale} />
          </Frame>
        )}
      </Preview>
    </DocsSection>
  );
}

const Preview = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  max-width: 560px;
`;

const Frame = styled.div`
  padding: ${({ theme }) => theme.space(4)};
  border: 1px dashed #94a3b8;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  min-height: 120px;
`;
